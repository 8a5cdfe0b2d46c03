${HEADER}
/* ---------------------------------------------------------------------------------------
 * The loader. The solution is machine code (an "image") made from the Rust bundle, for
 * x86-64 and for 32-bit x86, stored at the end as one LZMA stream in base 91. main():
 *   1. decompresses the stream up to the end of this machine's image into `image`, an
 *      array the linker makes writable and executable (no mmap, no mprotect: no system
 *      call a plain C program does not make), and checks it and its tables (Adler-32);
 *   2. relocates it: linked at address 0, each listed word gets the image's address added;
 *   3. calls its entry with `struct host`, the C functions through which it reads, writes,
 *      allocates and exits. The image contains no system call.
 * C89 and C++98; GNU C (GCC, clang) only for the array's section and the calling
 * convention; Linux and Windows alike. The bundler fills in the dollar-brace names.
 * ------------------------------------------------------------------------------------- */
#if !defined(__GNUC__) || !(defined(__x86_64__) || defined(__i386__)) \
  || !(defined(__ELF__) || defined(_WIN32))
#error "this C bundle is x86 machine code: compile it with GCC or clang (or MinGW) for x86-64 or 32-bit x86"
#elif defined(__x86_64__) && !${X86_64_CARRIED}
#error "this C bundle carries no x86-64 image (${X86_64_MISSING})"
#elif defined(__i386__) && !${X86_CARRIED}
#error "this C bundle carries no 32-bit x86 image (${X86_MISSING})"
#else

/* For getc_unlocked and putc_unlocked (POSIX): the image is the program's only thread, and
   stdio's lock around each character was 15% of the time on a 4 MB input. Windows' C
   library has neither: there the locked ones do. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 199506L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#define getc_unlocked(file) getc(file)
#define putc_unlocked(c, file) putc(c, file)
#endif

/* The images were compiled for Linux's calling conventions (System V on x86-64, cdecl on
   x86): every function they call, or that calls them, says so, whatever the compiler's
   default (Windows x64 has its own). */
#ifdef __x86_64__
#define HOSTCALL __attribute__((sysv_abi))
#else
#define HOSTCALL __attribute__((cdecl))
#endif

/* The image's array: zeros, page-aligned, writable and executable (ELF "awx", PE "bwx";
   nobits, "b": not in the file). In assembly, which GNU as, clang and MinGW read alike (an
   attribute's flags only GNU as read). The asm label is the exact symbol name (32-bit
   Windows adds no "_"). First output: COFF has no section stack, so back to .text. */
#ifdef __x86_64__
#define IMAGE_BUFFER_SIZE ${X86_64_BUFFER_SIZE}
#else
#define IMAGE_BUFFER_SIZE ${X86_BUFFER_SIZE}
#endif
#define LOADER_TEXT(x) #x
#define LOADER_NUMBER(x) LOADER_TEXT(x)
#ifdef __ELF__
__asm__(".pushsection .rust_image,\"awx\",@nobits\n"
        ".balign 4096\n"
        "rust_image:\n"
        ".skip " LOADER_NUMBER(IMAGE_BUFFER_SIZE) "\n"
        ".popsection\n");
#else
__asm__(".section .rustimg,\"bwx\"\n"
        ".balign 4096\n"
        "rust_image:\n"
        ".skip " LOADER_NUMBER(IMAGE_BUFFER_SIZE) "\n"
        ".text\n");
#endif
extern unsigned char image[IMAGE_BUFFER_SIZE] __asm__("rust_image");

/* The image's view of the world; the same fields, in the same order, as `Host` in the
   image's runtime (tools/c-runtime/src/host.rs). */
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

/* What the image is handed, in `struct host`'s order. */
static const struct host host = {host_read, host_write, host_flush, host_exit, host_malloc,
  host_realloc, host_free, host_memcpy, host_memmove, host_memset, host_memcmp};

/* ---- base 91: the text below, back to the compressed bytes ---- */

/* The digits in value order: printable ASCII but the space, quote, backslash and '?' (which
   can start a trigraph). */
static const char digits[] =
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&'()*+,-./:;<=>@[]^_`{|}~";

/* Decodes the lines (a null pointer ends them) into out[0..size); 0 unless they hold exactly
   that many bytes. Each two digits are 13 bits, first + 91 * second, least significant
   first; the bits after the last byte are zeros. */
static int base91_decode(const char *const *lines, unsigned char *out, size_t size)
{
  signed char value[256];
  unsigned long bits = 0;
  int held = 0, first = -1, i;
  size_t n = 0;
  const char *p;
  for (i = 0; i < 256; i++)
    value[i] = -1;
  for (i = 0; i < 91; i++)
    value[(unsigned char)digits[i]] = (signed char)i;
  for (; *lines; lines++) {
    for (p = *lines; *p; p++) {
      int v = value[(unsigned char)*p];
      if (v < 0)
        return 0;
      if (first < 0) {
        first = v;
        continue;
      }
      v = first + 91 * v;
      first = -1;
      if (v > 8191 || n == size)
        return 0;
      bits |= (unsigned long)v << held;
      for (held += 13; held >= 8; held -= 8, bits >>= 8) {
        if (n < size)
          out[n++] = (unsigned char)bits;
        else if ((bits & 255) != 0)
          return 0;
      }
    }
  }
  return first < 0 && bits == 0 && n == size;
}

/* ---- LZMA: the packed bytes back to the images ----
   One raw LZMA1 stream (7-Zip's and xz's, no header): LZ77 copies and literals, each bit
   coded by a binary range coder with adaptive 11-bit probabilities, starting at one half,
   each moving 1/32 of the way towards each bit seen. */

/* The range coder needs a 32-bit int, as every machine here has. */
typedef unsigned int u32;
typedef char u32_has_32_bits[sizeof(u32) == 4 ? 1 : -1];

#define PROB_HALF 1024
/* The tables below hold lc + lp <= 4 literal bits, pb <= 4 position bits. */
#define LITERAL_BITS 4
#define POSITION_BITS 4

/* The probabilities of one length coder: a choice between 3-bit low and middle codes (one
   per position state) and an 8-bit high code. Lengths are 2 + 0..271. */
struct length_probs {
  unsigned short choice, choice2, low[16][8], middle[16][8], high[256];
};

/* Every probability the decoder adapts, indexed by the coder's state (0..11: what the last
   few packets were), the output position's low bits and the bits decoded so far. */
struct lzma_probs {
  unsigned short is_match[12][16], is_rep[12], is_rep_g0[12], is_rep_g1[12], is_rep_g2[12];
  unsigned short is_rep0_long[12][16];
  unsigned short distance_slot[4][64], distance_special[115], distance_align[16];
  struct length_probs match_length, rep_length;
  unsigned short literal[0x300 << LITERAL_BITS]; /* 0x300 per context */
};

struct lzma {
  const unsigned char *in, *in_end;
  u32 range, code;
  int failed;
};

static u32 next_byte(struct lzma *s)
{
  if (s->in == s->in_end) {
    s->failed = 1;
    return 0;
  }
  return *s->in++;
}

/* The range never falls below 2^24: then it and the code take the next input byte. */
static void normalize(struct lzma *s)
{
  if (s->range < 1u << 24) {
    s->range <<= 8;
    s->code = s->code << 8 | next_byte(s);
  }
}

static int decode_bit(struct lzma *s, unsigned short *prob)
{
  u32 bound = (s->range >> 11) * *prob;
  int bit;
  if (s->code < bound) {
    s->range = bound;
    *prob = (unsigned short)(*prob + ((2048 - *prob) >> 5));
    bit = 0;
  } else {
    s->range -= bound;
    s->code -= bound;
    *prob = (unsigned short)(*prob - (*prob >> 5));
    bit = 1;
  }
  normalize(s);
  return bit;
}

/* `count` bits of even odds, most significant first. */
static u32 decode_direct(struct lzma *s, u32 count)
{
  u32 value = 0;
  for (; count > 0; count--) {
    s->range >>= 1;
    value <<= 1;
    if (s->code >= s->range) {
      s->code -= s->range;
      value |= 1;
    }
    normalize(s);
  }
  return value;
}

/* A `bits`-bit number, most significant bit first, each bit with the probability at the
   tree node of the bits before it (node 1 is the root, node m's children 2m and 2m + 1). */
static u32 decode_tree(struct lzma *s, unsigned short *probs, u32 bits)
{
  u32 node = 1, i;
  for (i = 0; i < bits; i++)
    node = node << 1 | (u32)decode_bit(s, &probs[node]);
  return node - (1u << bits);
}

/* The same, least significant bit first. */
static u32 decode_reverse(struct lzma *s, unsigned short *probs, u32 bits)
{
  u32 node = 1, value = 0, i;
  for (i = 0; i < bits; i++) {
    u32 bit = (u32)decode_bit(s, &probs[node]);
    node = node << 1 | bit;
    value |= bit << i;
  }
  return value;
}

/* A copy's length minus 2. */
static u32 decode_length(struct lzma *s, struct length_probs *p, u32 pos_state)
{
  if (!decode_bit(s, &p->choice))
    return decode_tree(s, p->low[pos_state], 3);
  if (!decode_bit(s, &p->choice2))
    return 8 + decode_tree(s, p->middle[pos_state], 3);
  return 16 + decode_tree(s, p->high, 8);
}

/* A copy's distance minus 1: a 6-bit slot (coded by the length) gives the top two bits and
   how many follow; short ones are coded with their own probabilities, long ones as direct
   bits and a 4-bit coded tail. */
static u32 decode_distance(struct lzma *s, struct lzma_probs *p, u32 length)
{
  u32 slot = decode_tree(s, p->distance_slot[length < 3 ? length : 3], 6), bits, distance;
  if (slot < 4)
    return slot;
  bits = (slot >> 1) - 1;
  distance = (2 | (slot & 1)) << bits;
  if (slot < 14)
    return distance + decode_reverse(s, p->distance_special + distance - slot, bits);
  distance += decode_direct(s, bits - 4) << 4;
  return distance + decode_reverse(s, p->distance_align, 4);
}

/* Decodes in[0..in_size), coded with lc literal context bits, lp literal position bits and
   pb position bits (checked by the caller), until out[0..out_size) is full; 0 on any
   inconsistency. The output may end inside the stream: a program needs only its image. */
static int lzma_decode(const unsigned char *in, size_t in_size, unsigned char *out,
            size_t out_size, u32 lc, u32 lp, u32 pb)
{
  static struct lzma_probs probs; /* 28 KB: not on the stack */
  unsigned short *prob = (unsigned short *)&probs;
  struct lzma s;
  u32 rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0, state = 0, i;
  size_t pos = 0;
  for (i = 0; i < sizeof probs / sizeof *prob; i++)
    prob[i] = PROB_HALF;
  s.in = in;
  s.in_end = in + in_size;
  s.range = 0xFFFFFFFFu;
  s.code = 0;
  s.failed = 0;
  if (next_byte(&s) != 0)
    return 0;
  for (i = 0; i < 4; i++)
    s.code = s.code << 8 | next_byte(&s);
  while (pos < out_size && !s.failed) {
    u32 pos_state = (u32)pos & ((1u << pb) - 1), length;
    if (!decode_bit(&s, &probs.is_match[state][pos_state])) {
      /* A literal, coded in the context of the byte before; after a copy, also of the byte
         the last distance points at, for as long as their bits agree. */
      u32 previous = pos > 0 ? out[pos - 1] : 0, symbol = 1;
      unsigned short *literal =
        probs.literal + 0x300 * ((((u32)pos & ((1u << lp) - 1)) << lc) + (previous >> (8 - lc)));
      if (state >= 7) {
        u32 match = out[pos - rep0 - 1];
        do {
          u32 match_bit = match >> 7 & 1, bit;
          match <<= 1;
          bit = (u32)decode_bit(&s, &literal[((1 + match_bit) << 8) + symbol]);
          symbol = symbol << 1 | bit;
          if (bit != match_bit)
            break;
        } while (symbol < 0x100);
      }
      while (symbol < 0x100)
        symbol = symbol << 1 | (u32)decode_bit(&s, &literal[symbol]);
      out[pos++] = (unsigned char)symbol;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    if (decode_bit(&s, &probs.is_rep[state])) {
      /* A copy from one of the last four distances. */
      if (pos == 0)
        return 0;
      if (!decode_bit(&s, &probs.is_rep_g0[state])) {
        if (!decode_bit(&s, &probs.is_rep0_long[state][pos_state])) {
          if (rep0 >= pos)
            return 0;
          state = state < 7 ? 9 : 11;
          out[pos] = out[pos - rep0 - 1];
          pos++;
          continue;
        }
      } else {
        u32 distance;
        if (!decode_bit(&s, &probs.is_rep_g1[state])) {
          distance = rep1;
        } else {
          if (!decode_bit(&s, &probs.is_rep_g2[state])) {
            distance = rep2;
          } else {
            distance = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = distance;
      }
      length = decode_length(&s, &probs.rep_length, pos_state);
      state = state < 7 ? 8 : 11;
    } else {
      /* A copy from a new distance. */
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      length = decode_length(&s, &probs.match_length, pos_state);
      state = state < 7 ? 7 : 10;
      rep0 = decode_distance(&s, &probs, length);
      if (rep0 == 0xFFFFFFFFu)
        break; /* the end marker */
    }
    length += 2;
    if (rep0 >= pos)
      return 0;
    if (length > out_size - pos)
      length = (u32)(out_size - pos);
    for (; length > 0; length--, pos++)
      out[pos] = out[pos - rep0 - 1];
  }
  return !s.failed && pos == out_size;
}

/* Adler-32 (RFC 1950) of the decompressed bytes, then of every number of the tables as 4
   bytes, least significant first: LZMA has no check, and a damaged image or table must not
   run. It is short and fast, finds any one changed byte or number, and misses other damage
   to tens of KB once in about 2^32: against accidents, not malice. */
static void adler32(unsigned long sum[2], const unsigned char *data, size_t size)
{
  while (size > 0) {
    /* 5552 bytes is the most before sum[1] could pass 2^32: then reduce. */
    size_t chunk = size < 5552 ? size : 5552;
    size -= chunk;
    for (; chunk > 0; chunk--) {
      sum[0] += *data++;
      sum[1] += sum[0];
    }
    sum[0] %= 65521UL;
    sum[1] %= 65521UL;
  }
}

static void adler32_number(unsigned long sum[2], unsigned long value)
{
  unsigned char bytes[4];
  bytes[0] = (unsigned char)value;
  bytes[1] = (unsigned char)(value >> 8);
  bytes[2] = (unsigned char)(value >> 16);
  bytes[3] = (unsigned char)(value >> 24);
  adler32(sum, bytes, 4);
}

/* ---- the checks, relocation and the call ---- */

/* Where this machine's image is in the decompressed stream, and how to start it. */
struct image_layout {
  unsigned long offset;   /* its first byte (page-aligned: the images before it are padded) */
  unsigned long data_end; /* the end of its code and data: what is decompressed */
  unsigned long entry;    /* offset of its entry from its first byte */
  unsigned long check;    /* tables_check's */
  /* Each step is the distance from the previous relocated word (the first, from 0); each
     word holds an offset into the image and becomes an address. A 0 follows the last. */
  const unsigned long *relocation_steps;
  size_t relocations;
};

/* The stream as the text below holds it. */
struct packed_stream {
  const char *const *lines;
  unsigned long size;
  u32 lc, lp, pb; /* the LZMA coder's literal context, literal position and position bits */
};

/* Whether the numbers are usable: the coder's settings fit its tables, the image and entry
   lie in the array, the relocations end where they say. */
static int tables_fit(size_t size, const struct image_layout *l, const struct packed_stream *p)
{
  return p->lc <= LITERAL_BITS && p->lp <= LITERAL_BITS && p->lc + p->lp <= LITERAL_BITS
    && p->pb <= POSITION_BITS && l->offset <= l->data_end && l->data_end <= size
    && l->entry < size - l->offset && l->relocation_steps[l->relocations] == 0;
}

/* The check, in the order the bundler computes it (tools/bundle/src/native/c_file.rs). */
static unsigned long tables_check(const unsigned char *buffer, size_t size,
                  const struct image_layout *l, const struct packed_stream *p)
{
  unsigned long sum[2] = {1, 0};
  size_t i;
  adler32(sum, buffer, l->data_end);
  adler32_number(sum, (unsigned long)size);
  adler32_number(sum, l->offset);
  adler32_number(sum, l->data_end);
  adler32_number(sum, l->entry);
  adler32_number(sum, p->size);
  adler32_number(sum, p->lc);
  adler32_number(sum, p->lp);
  adler32_number(sum, p->pb);
  adler32_number(sum, (unsigned long)l->relocations);
  for (i = 0; i < l->relocations; i++)
    adler32_number(sum, l->relocation_steps[i]);
  return sum[1] << 16 | sum[0];
}

/* Adds the image's address to each relocated word; 0 (do not run it) if a word would not
   lie inside its `size` bytes. */
static int relocate(unsigned char *image, size_t size, const struct image_layout *layout)
{
  size_t i, at = 0;
  for (i = 0; i < layout->relocations; i++) {
    size_t word, step = layout->relocation_steps[i];
    if (step > size - at || size - at - step < sizeof word)
      return 0;
    at += step;
    memcpy(&word, image + at, sizeof word);
    word += (size_t)image;
    memcpy(image + at, &word, sizeof word);
  }
  return 1;
}

typedef int (HOSTCALL *image_entry)(const struct host *host);

static int run_image(unsigned char *buffer, size_t buffer_size,
          const struct image_layout *layout, const struct packed_stream *packed)
{
  unsigned char *image, *compressed;
  int intact = tables_fit(buffer_size, layout, packed);
  if (intact) {
    compressed = (unsigned char *)malloc(packed->size);
    if (compressed == NULL) {
      fputs("loader: no memory to unpack the image\n", stderr);
      return 1;
    }
    intact = base91_decode(packed->lines, compressed, packed->size)
      && lzma_decode(compressed, packed->size, buffer, layout->data_end, packed->lc,
             packed->lp, packed->pb);
    free(compressed);
  }
  if (!intact || tables_check(buffer, buffer_size, layout, packed) != layout->check
    || !relocate(buffer + layout->offset, buffer_size - layout->offset, layout)) {
    fputs("loader: the embedded image is damaged\n", stderr);
    return 1;
  }
  image = buffer + layout->offset;
#ifdef _WIN32
  /* The image writes "\n" line ends; Windows' text mode would make them "\r\n". */
  _setmode(_fileno(stdout), _O_BINARY);
  _setmode(_fileno(stderr), _O_BINARY);
#endif
  return ((image_entry)(size_t)(image + layout->entry))(&host);
}

/* ---------------------------------------------------------------------------------------
 * The images, one LZMA stream in base 91 (their sizes are in the header).
 * ------------------------------------------------------------------------------------- */
static const char *const packed_lines[] = {
${PACKED_LINES}
0};

static const struct packed_stream packed = {packed_lines, ${PACKED_SIZE}, ${LZMA_LC}, ${LZMA_LP}, ${LZMA_PB}};

/* Each image's place in the stream, relocation steps, entry and check. */
#ifdef __x86_64__
static const unsigned long relocation_steps[] = {
${X86_64_RELOCATION_STEPS}
0};
static const struct image_layout layout = {${X86_64_OFFSET}, ${X86_64_DATA_END}, ${X86_64_ENTRY},
  ${X86_64_CHECK}UL, relocation_steps, sizeof relocation_steps / sizeof *relocation_steps - 1};
#else
static const unsigned long relocation_steps[] = {
${X86_RELOCATION_STEPS}
0};
static const struct image_layout layout = {${X86_OFFSET}, ${X86_DATA_END}, ${X86_ENTRY},
  ${X86_CHECK}UL, relocation_steps, sizeof relocation_steps / sizeof *relocation_steps - 1};
#endif

int main(void)
{
  return run_image(image, sizeof image, &layout, &packed);
}
#endif
