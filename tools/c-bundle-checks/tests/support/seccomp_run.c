/*
 * seccomp_run PROGRAM [ARGS...]
 *
 * Runs PROGRAM (a path: no PATH search) under a seccomp filter that allows only
 * the system calls a plain static C program makes, so a test can tell that a
 * C bundle asks the system for nothing more: no executable memory of its own
 * making, no new program, no new process, no file opened.
 *
 * It sets PR_SET_NO_NEW_PRIVS (required to install a filter without
 * CAP_SYS_ADMIN), installs the filter, then execve()s PROGRAM with the same
 * environment, stdin, stdout and stderr. The filter stays on across execve, so
 * it applies to PROGRAM from its first instruction.
 *
 * Exit status: PROGRAM's (execve replaces this process); a system call the
 * filter denies kills PROGRAM with SIGSYS (SECCOMP_RET_KILL_PROCESS). If the
 * runner itself fails (bad usage, prctl, execve), it prints one line on stderr
 * and exits 125.
 *
 * Linux x86-64 only; gcc.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if !defined(__x86_64__)
#error "seccomp_run checks x86-64 system call numbers"
#endif

#define SETUP_FAILED 125

extern char **environ;

/* Offsets into struct seccomp_data, which the filter reads. x86-64 is little
 * endian: the low 32 bits of a 64-bit argument come first. */
#define NR_OFFSET offsetof(struct seccomp_data, nr)
#define ARCH_OFFSET offsetof(struct seccomp_data, arch)
#define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))
#define ARG_HI(i) (ARG_LO(i) + 4)

#define LOW_WORD(p) ((uint32_t)(uintptr_t)(p))
#define HIGH_WORD(p) ((uint32_t)((uintptr_t)(p) >> 32))

#define RET_ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define RET_KILL BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS)

/* The accumulator holds the system call number here. If it is `nr`, allow;
 * otherwise go on to the next test. Every test starts with the number loaded,
 * so the blocks below can be listed in any order. */
#define ALLOW(nr)                                    \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
    RET_ALLOW

/* mmap and mprotect: allowed unless prot (args[2]) asks for PROT_EXEC, which is
 * how a program would make machine code of its own executable. Only bit 2 of
 * the low word matters to the kernel, so the high word is not read. The
 * accumulator is overwritten, but both branches return. */
#define ALLOW_WITHOUT_EXEC(nr)                                 \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 4),           \
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(2)),             \
    BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PROT_EXEC, 0, 1),     \
    RET_KILL,                                                  \
    RET_ALLOW

/* ioctl: only TCGETS (args[1]), isatty(), which stdio asks of a character
 * device that is not a pseudo-terminal, such as /dev/null. The kernel takes
 * the request as an unsigned int, so the low word is all of it. */
#define ALLOW_IOCTL_TCGETS                                     \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ioctl, 0, 4),     \
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(1)),             \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, TCGETS, 1, 0),         \
    RET_KILL,                                                  \
    RET_ALLOW

/* execve: allowed only with the exact pathname pointer `p` (args[0]), which is
 * the runner's own argv[1]. The filter has to let the runner's execve of
 * PROGRAM through, since the filter is installed before it; after that execve
 * the address space is new, and PROGRAM would have to pass the same 64-bit
 * pointer value, an address on the runner's (randomised) stack, to start
 * another program. It has no reason to and no way to learn it, so in practice
 * every later execve is killed. (execveat is not in the list at all.) */
#define ALLOW_EXECVE_AT(p)                                                \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_execve, 0, 6),               \
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_LO(0)),                        \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, LOW_WORD(p), 0, 3),  /* to kill */ \
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG_HI(0)),                        \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, HIGH_WORD(p), 0, 1), /* to kill */ \
    RET_ALLOW,                                                            \
    RET_KILL

static int fail(const char *what)
{
    /* Formatted into a buffer and written with one write(): after the filter
     * is installed, write and exit_group are still allowed, and stdio on
     * stderr might otherwise make calls the filter kills. */
    char line[512];
    int n = snprintf(line, sizeof line, "seccomp_run: %s: %s\n", what,
                     strerror(errno));
    if (n > 0) {
        size_t len = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
        ssize_t ignored = write(2, line, len);
        (void)ignored;
    }
    return SETUP_FAILED;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: seccomp_run PROGRAM [ARGS...]\n", stderr);
        return SETUP_FAILED;
    }
    char *program = argv[1];

    struct sock_filter filter[] = {
        /* Another ABI (i386 by int 0x80) numbers its calls otherwise: kill. */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARCH_OFFSET),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        RET_KILL,
        /* From here on, only exact x86-64 numbers are allowed; x32 calls carry
         * bit 30 (__X32_SYSCALL_BIT), match none of them, and are killed. */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, NR_OFFSET),

        ALLOW_EXECVE_AT(program),
        ALLOW_WITHOUT_EXEC(__NR_mmap),
        ALLOW_WITHOUT_EXEC(__NR_mprotect),

        /*
         * What a plain static C program makes, measured on 2026-11-26 (Debian
         * 12, glibc 2.36, gcc 12.2, Linux 6.18) with
         *     gcc -O2 -static plain.c -o plain
         *     echo "3 1 2 3" | strace -f ./plain | cat
         * and again with stdin from /dev/null (strace ./plain </dev/null)
         * and on a terminal (script -qc "strace ./plain"), where plain.c reads
         * with scanf and getchar, mallocs small and large blocks, reallocs a
         * large one, frees them, and writes with printf and fprintf(stderr).
         * In order of first appearance:
         */
        ALLOW(__NR_brk),             /* malloc's heap; TLS block at startup */
        ALLOW(__NR_arch_prctl),      /* ARCH_SET_FS: thread pointer */
        ALLOW(__NR_set_tid_address),
        ALLOW(__NR_set_robust_list),
        ALLOW(__NR_rseq),
        ALLOW(__NR_prlimit64),       /* RLIMIT_STACK, read only */
        ALLOW(__NR_readlink),        /* "/proc/self/exe", at startup */
        ALLOW(__NR_getrandom),       /* 8 bytes: malloc's tcache key */
        /* mprotect (RELRO, PROT_READ) and mmap (malloc of large blocks,
         * PROT_READ|PROT_WRITE) are above, without PROT_EXEC. */
        ALLOW(__NR_newfstatat),      /* stdio sizes its buffers: fstat(fd) */
        ALLOW_IOCTL_TCGETS,          /* stdio on /dev/null: isatty(fd) */
        ALLOW(__NR_read),
        ALLOW(__NR_lseek),           /* exit() gives unread stdin back: lseek(0, -n, SEEK_CUR) */
        ALLOW(__NR_mremap),          /* realloc of a large (mmapped) block */
        ALLOW(__NR_write),
        ALLOW(__NR_munmap),          /* free of a large block */
        ALLOW(__NR_exit_group),
        /* Not seen (one thread ends the process with exit_group), but ending
         * the calling thread gives nothing away. */
        ALLOW(__NR_exit),

        /* Anything else: clone, clone3, fork, vfork, open, openat, execveat,
         * pkey_mprotect, ..., and the calls above with the arguments their
         * blocks refuse. */
        RET_KILL,
    };
    struct sock_fprog prog = {
        .len = (unsigned short)(sizeof filter / sizeof filter[0]),
        .filter = filter,
    };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return fail("prctl(PR_SET_NO_NEW_PRIVS)");
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) != 0)
        return fail("seccomp(SECCOMP_SET_MODE_FILTER)");

    /* `program` is the very pointer the filter allows. */
    execve(program, argv + 1, environ);
    return fail(program);
}
