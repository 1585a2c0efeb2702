/* Protocol Buffers wire encoding, by hand: enough to write Perfetto traces
 * without a protobuf library. A message is built in a caller-owned buffer;
 * a nested message is built in its own buffer first and then appended as a
 * length-delimited field, so every length is known when it is written.
 * Writing past the buffer sets `overflow` instead: the caller checks it once
 * per message. */
#ifndef GLASS_TRACE_PROTOBUF_H
#define GLASS_TRACE_PROTOBUF_H

#include <stddef.h>
#include <stdint.h>

struct pb {
    uint8_t *data;
    size_t len, cap;
    int overflow;
};

#define PB_BUFFER(storage) ((struct pb){(storage), 0, sizeof(storage), 0})

/* Field `field` as a varint (uint32/uint64/int32 >= 0/bool/enum). */
void pb_uint(struct pb *b, unsigned field, uint64_t value);
/* Field `field` as fixed64 (8 bytes, little-endian). */
void pb_fixed64(struct pb *b, unsigned field, uint64_t value);
/* Field `field` length-delimited: bytes, a string, or a nested message. */
void pb_bytes(struct pb *b, unsigned field, const void *data, size_t len);
void pb_string(struct pb *b, unsigned field, const char *s);
void pb_message(struct pb *b, unsigned field, const struct pb *inner);
/* The key and length of a length-delimited field whose `len` bytes the
 * caller writes elsewhere (a stream of messages into a file). */
void pb_length_key(struct pb *b, unsigned field, size_t len);

#endif
