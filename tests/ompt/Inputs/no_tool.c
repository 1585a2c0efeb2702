/* A loadable library that defines no ompt_start_tool. */
int not_a_tool(void)
{
    return 0;
}
