/* ---------------------------------------------------------------------------------------
 * The loader. The solution is machine code (the "image") made from the Rust bundle; below
 * the loader it is stored deflate-compressed (RFC 1951) and written in base 85. main():
 *   1. decodes the text and inflates it into `image`, an array that lives in a
 *      section the linker makes writable and executable (GCC's section attribute; no
 *      mmap, no mprotect: the program asks the system for nothing a plain C program
 *      does not), and checks its Adler-32;
 *   2. relocates it: the image was linked at address 0, and each listed word holds an
 *      address relative to that, so it adds where the array really is;
 *   3. calls the image's entry with `struct host`: the C functions through which the
 *      image reads, writes, allocates and exits. The image contains no system call.
 * C89 and C++98 alike; GCC extensions only for the section and the calling convention.
 * ------------------------------------------------------------------------------------- */
#if !(defined(__GNUC__) && defined(__x86_64__) && defined(__ELF__))
#error "this C bundle carries x86-64 machine code in an ELF section: compile it with gcc or g++ for x86-64 Linux"
#endif

/* For getc_unlocked and putc_unlocked (POSIX): the image is the program's only thread, and
   stdio's lock around each character was 15% of the time on a 4 MB input. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 199506L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The image was compiled for the x86-64 System V calling convention: every function it
   calls, or that calls it, says so, whatever the compiler's default. */
#define HOSTCALL __attribute__((sysv_abi))

/* The image's view of the world; the same fields, in the same order, as `Host` in the
   image's std stand-in (crates/bundle/native/std.rs). */
struct host {
  size_t (HOSTCALL *read)(unsigned char *buf, size_t len);
  size_t (HOSTCALL *write)(int stream, const unsigned char *buf, size_t len);
  int (HOSTCALL *flush)(int stream);
  void (HOSTCALL *exit)(int code);
  void *(HOSTCALL *malloc)(size_t size);
  void *(HOSTCALL *realloc)(void *ptr, size_t size);
  void (HOSTCALL *free)(void *ptr);
  void *(HOSTCALL *memcpy)(void *dest, const void *src, size_t n);
  void *(HOSTCALL *memmove)(void *dest, const void *src, size_t n);
  void *(HOSTCALL *memset)(void *dest, int byte, size_t n);
  int (HOSTCALL *memcmp)(const void *a, const void *b, size_t n);
};

/* Reads stdin up to and including the next newline, so that an interactive judge's line
   is answered as soon as it has arrived. */
static size_t HOSTCALL host_read(unsigned char *buf, size_t len)
{
  size_t n = 0;
  int c;
  while (n < len && (c = getc_unlocked(stdin)) != EOF) {
    buf[n++] = (unsigned char)c;
    if (c == '\n')
      break;
  }
  return n;
}

static FILE *stream_of(int stream)
{
  return stream == 2 ? stderr : stdout;
}

/* Formatting writes a few bytes at a time: those go a character at a time, unlocked. */
static size_t HOSTCALL host_write(int stream, const unsigned char *buf, size_t len)
{
  FILE *file = stream_of(stream);
  size_t n;
  if (len > 64)
    return fwrite(buf, 1, len, file);
  for (n = 0; n < len; n++)
    if (putc_unlocked(buf[n], file) == EOF)
      break;
  return n;
}

static int HOSTCALL host_flush(int stream)
{
  return fflush(stream_of(stream));
}

static void HOSTCALL host_exit(int code)
{
  exit(code);
}

static void *HOSTCALL host_malloc(size_t size) { return malloc(size); }
static void *HOSTCALL host_realloc(void *ptr, size_t size) { return realloc(ptr, size); }
static void HOSTCALL host_free(void *ptr) { free(ptr); }
static void *HOSTCALL host_memcpy(void *d, const void *s, size_t n) { return memcpy(d, s, n); }
static void *HOSTCALL host_memmove(void *d, const void *s, size_t n) { return memmove(d, s, n); }
static void *HOSTCALL host_memset(void *d, int c, size_t n) { return memset(d, c, n); }
static int HOSTCALL host_memcmp(const void *a, const void *b, size_t n) { return memcmp(a, b, n); }

/* ---- base 85: the text below, back to the compressed bytes ---- */

/* The digits, in value order: none is a quote, a backslash or a '?' (two of those can start
   a trigraph, which a C89 compiler replaces). */
static const char base85_digits[] =
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-./:;<=>@[]^_~";

/* Decodes the lines (a null pointer ends them) into out[0..size); 0 if they do not hold
   exactly that many bytes. Each 5 digits are 4 bytes, most significant first; a last group
   of k < 5 digits is k - 1 bytes, its missing digits taken as the highest. The arithmetic
   wraps modulo 2^32 where a long is 32 bits, which leaves every valid group exact. */
static int base85_decode(const char *const *lines, unsigned char *out, size_t size)
{
  signed char value[256];
  unsigned long group = 0;
  int digits = 0, i;
  size_t n = 0;
  const char *p;
  for (i = 0; i < 256; i++)
    value[i] = -1;
  for (i = 0; i < 85; i++)
    value[(unsigned char)base85_digits[i]] = (signed char)i;
  for (; *lines; lines++) {
    for (p = *lines; *p; p++) {
      int v = value[(unsigned char)*p];
      if (v < 0)
        return 0;
      group = group * 85 + (unsigned long)v;
      if (++digits == 5) {
        if (size - n < 4)
          return 0;
        for (i = 3; i >= 0; i--)
          out[n++] = (unsigned char)(group >> (8 * i));
        group = 0;
        digits = 0;
      }
    }
  }
  if (digits == 1)
    return 0;
  if (digits > 1) {
    int bytes = digits - 1;
    for (; digits < 5; digits++)
      group = group * 85 + 84;
    if (size - n < (size_t)bytes)
      return 0;
    for (i = 3; i > 3 - bytes; i--)
      out[n++] = (unsigned char)(group >> (8 * i));
  }
  return n == size;
}

/* ---- inflate: raw deflate (RFC 1951), canonical Huffman codes decoded bit by bit ---- */

struct inflate {
  const unsigned char *in;
  size_t in_size, in_pos;
  unsigned long bit_buf;
  int bit_count;
  unsigned char *out;
  size_t out_size, out_pos;
  int failed;
};

/* Codes of at most FAST_BITS bits are looked up in one step (most of them: the start-up
   took 9.4 million instructions bit by bit, most of the program's time on a small input). */
#define FAST_BITS 9

/* A canonical Huffman code: how many codes of each length, the symbols in code order, and
   for each value of the next FAST_BITS input bits the symbol << 4 | its code's length, or
   -1 when the code is longer. */
struct huffman {
  short count[16];
  short symbol[288];
  short fast[1 << FAST_BITS];
};

static int get_bits(struct inflate *s, int need)
{
  unsigned long value = s->bit_buf;
  while (s->bit_count < need) {
    if (s->in_pos == s->in_size) {
      s->failed = 1;
      return 0;
    }
    value |= (unsigned long)s->in[s->in_pos++] << s->bit_count;
    s->bit_count += 8;
  }
  s->bit_buf = value >> need;
  s->bit_count -= need;
  return (int)(value & ((1UL << need) - 1));
}

/* Reads input bytes until `need` bits are buffered, or the input ends; whether they are. */
static int fill_bits(struct inflate *s, int need)
{
  while (s->bit_count < need && s->in_pos < s->in_size) {
    s->bit_buf |= (unsigned long)s->in[s->in_pos++] << s->bit_count;
    s->bit_count += 8;
  }
  return s->bit_count >= need;
}

static void build_huffman(struct huffman *h, const short *lengths, int n)
{
  short offset[16];
  int len, sym, index, code, k;
  for (len = 0; len < 16; len++)
    h->count[len] = 0;
  for (sym = 0; sym < n; sym++)
    h->count[lengths[sym]]++;
  offset[1] = 0;
  for (len = 1; len < 15; len++)
    offset[len + 1] = (short)(offset[len] + h->count[len]);
  for (sym = 0; sym < n; sym++)
    if (lengths[sym] != 0)
      h->symbol[offset[lengths[sym]]++] = (short)sym;
  /* The fast table: the stream holds each code's bits first bit first, so a code of
   length len is found at its bits reversed, whatever the FAST_BITS - len bits after. */
  for (k = 0; k < 1 << FAST_BITS; k++)
    h->fast[k] = -1;
  code = 0;
  index = 0;
  for (len = 1; len <= FAST_BITS; len++) {
    for (k = 0; k < h->count[len]; k++, index++, code++) {
      int reversed = 0, bit, fill;
      for (bit = 0; bit < len; bit++)
        reversed |= (code >> bit & 1) << (len - 1 - bit);
      for (fill = reversed; fill < 1 << FAST_BITS; fill += 1 << len)
        h->fast[fill] = (short)(h->symbol[index] << 4 | len);
    }
    code <<= 1;
  }
}

/* Codes of length L are consecutive numbers, the first one (first << 1) past the last of
   length L - 1: read a bit at a time until the code falls inside its length's range. */
static int decode_symbol(struct inflate *s, const struct huffman *h)
{
  int code = 0, first = 0, index = 0, len;
  if (fill_bits(s, FAST_BITS)) {
    int entry = h->fast[s->bit_buf & ((1UL << FAST_BITS) - 1)];
    if (entry >= 0) {
      s->bit_buf >>= entry & 15;
      s->bit_count -= entry & 15;
      return entry >> 4;
    }
  }
  for (len = 1; len < 16; len++) {
    code |= get_bits(s, 1);
    if (code - h->count[len] < first)
      return h->symbol[index + (code - first)];
    index += h->count[len];
    first = (first + h->count[len]) << 1;
    code <<= 1;
  }
  s->failed = 1;
  return 0;
}

static const short length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27,
  31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const short length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3,
  3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const short distance_base[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97,
  129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385,
  24577};
static const short distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
  7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

/* Literals and (length, distance) copies until the end-of-block symbol. */
static void inflate_codes(struct inflate *s, const struct huffman *lengths,
             const struct huffman *distances)
{
  for (;;) {
    int symbol = decode_symbol(s, lengths);
    if (s->failed)
      return;
    if (symbol < 256) {
      if (s->out_pos == s->out_size) {
        s->failed = 1;
        return;
      }
      s->out[s->out_pos++] = (unsigned char)symbol;
    } else if (symbol == 256) {
      return;
    } else {
      size_t length, distance;
      symbol -= 257;
      if (symbol >= 29) {
        s->failed = 1;
        return;
      }
      length = (size_t)(length_base[symbol] + get_bits(s, length_extra[symbol]));
      symbol = decode_symbol(s, distances);
      if (s->failed || symbol >= 30) {
        s->failed = 1;
        return;
      }
      distance = (size_t)(distance_base[symbol] + get_bits(s, distance_extra[symbol]));
      if (s->failed || distance > s->out_pos || length > s->out_size - s->out_pos) {
        s->failed = 1;
        return;
      }
      for (; length > 0; length--, s->out_pos++)
        s->out[s->out_pos] = s->out[s->out_pos - distance];
    }
  }
}

static void inflate_stored(struct inflate *s)
{
  size_t length;
  /* Whole bytes the fast decoder read ahead are the stored block's: give them back. */
  s->in_pos -= (size_t)(s->bit_count / 8);
  s->bit_buf = 0;
  s->bit_count = 0;
  if (s->in_size - s->in_pos < 4) {
    s->failed = 1;
    return;
  }
  length = (size_t)s->in[s->in_pos] | (size_t)s->in[s->in_pos + 1] << 8;
  s->in_pos += 4;
  if (length > s->in_size - s->in_pos || length > s->out_size - s->out_pos) {
    s->failed = 1;
    return;
  }
  memcpy(s->out + s->out_pos, s->in + s->in_pos, length);
  s->in_pos += length;
  s->out_pos += length;
}

static void inflate_fixed(struct inflate *s)
{
  static struct huffman lengths, distances;
  short bits[288];
  int sym;
  for (sym = 0; sym < 288; sym++)
    bits[sym] = (short)(sym < 144 ? 8 : sym < 256 ? 9 : sym < 280 ? 7 : 8);
  build_huffman(&lengths, bits, 288);
  for (sym = 0; sym < 30; sym++)
    bits[sym] = 5;
  build_huffman(&distances, bits, 30);
  inflate_codes(s, &lengths, &distances);
}

static void inflate_dynamic(struct inflate *s)
{
  static const short order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2,
    14, 1, 15};
  static struct huffman lengths, distances;
  short bits[320];
  int literal_count, distance_count, code_count, index;
  literal_count = get_bits(s, 5) + 257;
  distance_count = get_bits(s, 5) + 1;
  code_count = get_bits(s, 4) + 4;
  if (literal_count > 286 || distance_count > 30) {
    s->failed = 1;
    return;
  }
  for (index = 0; index < 19; index++)
    bits[order[index]] = (short)(index < code_count ? get_bits(s, 3) : 0);
  build_huffman(&lengths, bits, 19);
  /* The two codes' lengths, themselves coded: 16 repeats the last, 17 and 18 are zeros. */
  index = 0;
  while (index < literal_count + distance_count && !s->failed) {
    int symbol = decode_symbol(s, &lengths), repeat;
    short value = 0;
    if (symbol < 16) {
      bits[index++] = (short)symbol;
      continue;
    }
    if (symbol == 16) {
      if (index == 0) {
        s->failed = 1;
        return;
      }
      value = bits[index - 1];
      repeat = 3 + get_bits(s, 2);
    } else if (symbol == 17) {
      repeat = 3 + get_bits(s, 3);
    } else {
      repeat = 11 + get_bits(s, 7);
    }
    if (index + repeat > literal_count + distance_count) {
      s->failed = 1;
      return;
    }
    while (repeat-- > 0)
      bits[index++] = value;
  }
  if (s->failed)
    return;
  build_huffman(&lengths, bits, literal_count);
  build_huffman(&distances, bits + literal_count, distance_count);
  inflate_codes(s, &lengths, &distances);
}

/* Inflates in[0..in_size) into exactly out[0..out_size); 0 on any inconsistency. */
static int inflate(const unsigned char *in, size_t in_size, unsigned char *out, size_t out_size)
{
  struct inflate s;
  int last;
  s.in = in;
  s.in_size = in_size;
  s.in_pos = 0;
  s.bit_buf = 0;
  s.bit_count = 0;
  s.out = out;
  s.out_size = out_size;
  s.out_pos = 0;
  s.failed = 0;
  do {
    int type;
    last = get_bits(&s, 1);
    type = get_bits(&s, 2);
    if (type == 0)
      inflate_stored(&s);
    else if (type == 1)
      inflate_fixed(&s);
    else if (type == 2)
      inflate_dynamic(&s);
    else
      s.failed = 1;
  } while (!last && !s.failed);
  return !s.failed && s.out_pos == out_size;
}

/* Adler-32 (RFC 1950): deflate has no check of its own, and a damaged image must not run. */
static unsigned long adler32(const unsigned char *data, size_t size)
{
  unsigned long a = 1, b = 0;
  while (size > 0) {
    /* 5552 bytes is the most before b could pass 2^32: then reduce. */
    size_t chunk = size < 5552 ? size : 5552;
    size -= chunk;
    for (; chunk > 0; chunk--) {
      a += *data++;
      b += a;
    }
    a %= 65521UL;
    b %= 65521UL;
  }
  return b << 16 | a;
}

/* ---- relocation and the call ---- */

typedef int (HOSTCALL *image_entry)(const struct host *host);

/* Each step is the distance from the previous relocated word (the first, from 0); each
   word holds an offset into the image and becomes an address. */
static void relocate(unsigned char *image, const unsigned long *steps, size_t count)
{
  size_t i, at = 0;
  for (i = 0; i < count; i++) {
    size_t word;
    at += steps[i];
    memcpy(&word, image + at, sizeof word);
    word += (size_t)image;
    memcpy(image + at, &word, sizeof word);
  }
}

static int run_image(unsigned char *image, size_t data_size, unsigned long checksum,
          const char *const *packed, size_t packed_size,
          const unsigned long *steps, size_t step_count, size_t entry)
{
  struct host host;
  unsigned char *compressed = (unsigned char *)malloc(packed_size);
  if (compressed == NULL || !base85_decode(packed, compressed, packed_size)
    || !inflate(compressed, packed_size, image, data_size)
    || adler32(image, data_size) != checksum) {
    fputs("loader: the embedded image is damaged\n", stderr);
    return 1;
  }
  free(compressed);
  relocate(image, steps, step_count);
  host.read = host_read;
  host.write = host_write;
  host.flush = host_flush;
  host.exit = host_exit;
  host.malloc = host_malloc;
  host.realloc = host_realloc;
  host.free = host_free;
  host.memcpy = host_memcpy;
  host.memmove = host_memmove;
  host.memset = host_memset;
  host.memcmp = host_memcmp;
  return ((image_entry)(size_t)(image + entry))(&host);
}
