/* The wire format (protobuf.h): a field is a varint key, (number << 3) |
 * wire type, then its value: a varint (type 0), 8 bytes (type 1) or a varint
 * length and that many bytes (type 2). Varints hold 7 bits per byte, low bits
 * first, the top bit set on every byte but the last. */
#include <string.h>

#include "protobuf.h"

enum { WIRE_VARINT = 0, WIRE_FIXED64 = 1, WIRE_LENGTH = 2 };

static void put(struct pb *b, const void *data, size_t len)
{
    if (b->overflow || len > b->cap - b->len) {
        b->overflow = 1;
        return;
    }
    memcpy(b->data + b->len, data, len);
    b->len += len;
}

static void varint(struct pb *b, uint64_t value)
{
    uint8_t bytes[10];
    size_t n = 0;
    do {
        bytes[n] = (uint8_t)(value & 0x7f);
        value >>= 7;
        if (value)
            bytes[n] |= 0x80;
        n++;
    } while (value);
    put(b, bytes, n);
}

static void key(struct pb *b, unsigned field, unsigned wire_type)
{
    varint(b, (uint64_t)field << 3 | wire_type);
}

void pb_uint(struct pb *b, unsigned field, uint64_t value)
{
    key(b, field, WIRE_VARINT);
    varint(b, value);
}

void pb_fixed64(struct pb *b, unsigned field, uint64_t value)
{
    uint8_t bytes[8];
    for (int i = 0; i < 8; i++)
        bytes[i] = (uint8_t)(value >> (8 * i));
    key(b, field, WIRE_FIXED64);
    put(b, bytes, sizeof bytes);
}

void pb_length_key(struct pb *b, unsigned field, size_t len)
{
    key(b, field, WIRE_LENGTH);
    varint(b, len);
}

void pb_bytes(struct pb *b, unsigned field, const void *data, size_t len)
{
    pb_length_key(b, field, len);
    put(b, data, len);
}

void pb_string(struct pb *b, unsigned field, const char *s)
{
    pb_bytes(b, field, s, strlen(s));
}

void pb_message(struct pb *b, unsigned field, const struct pb *inner)
{
    if (inner->overflow)
        b->overflow = 1;
    pb_bytes(b, field, inner->data, inner->len);
}
