//! Runs a program under a seccomp filter (`tests/support/seccomp_run.c`) that allows only
//! the system calls a plain static C program makes: reading stdin, writing stdout and
//! stderr, malloc. A C bundle carries compiled Rust machine code behind a small loader; this
//! checks that, once built, it asks the system for nothing such a program would not. Denied,
//! with the process killed by SIGSYS: memory mapped or protected with `PROT_EXEC`, any
//! `execve` after the runner's own, `clone`/`fork`/`vfork`, `open`/`openat`, and every call
//! not in the list.
//!
//! The list was measured on 2026-11-26 (glibc 2.36, gcc 12.2) by running
//! `strace -f` on a `gcc -O2 -static` C program that reads with `scanf` and `getchar`,
//! mallocs, reallocs and frees small and large blocks and prints to stdout and stderr, with
//! stdin and stdout on a pipe, on `/dev/null` and on a terminal; the C file has the details.
//!
//! The tests below hold the filter to both sides of that line: such a program runs with its
//! output intact; one that maps, or protects, memory as executable, or forks, is killed; and
//! a program whose ELF has a read-write-execute LOAD segment, the way a bundle keeps its
//! image, runs, since the kernel maps that segment at `execve` with no call of the program's.

use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};

/// A filtered program still running after this is killed: a bundle sample runs in well
/// under a second, so this only stops a hang from stalling the suite.
const TIMEOUT: Duration = Duration::from_secs(60);
/// How often `run_filtered` looks whether the program has ended.
const POLL: Duration = Duration::from_millis(5);
/// The signal `SECCOMP_RET_KILL_PROCESS` ends a process with (x86-64 Linux).
const SIGSYS: i32 = 31;

/// The runner's binary, compiled from `tests/support/seccomp_run.c` with `gcc -O2 -Wall`
/// once per process.
pub fn runner() -> Result<PathBuf, String> {
    static RUNNER: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    RUNNER.get_or_init(compile_runner).clone()
}

fn compile_runner() -> Result<PathBuf, String> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/seccomp_run.c");
    let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join("seccomp");
    let output = Command::new("gcc")
        .args(["-O2", "-Wall", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .map_err(|e| format!("cannot run gcc for {}: {e}", source.display()))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().next().unwrap_or("");
        return Err(format!(
            "gcc {} failed ({}): {first}",
            source.display(),
            output.status
        ));
    }
    Ok(binary)
}

/// Runs `runner PROGRAM` with `stdin` piped in and stdout and stderr captured. Err if the
/// runner cannot start or the program is still running after 60 s (it is killed then).
pub fn run_filtered(program: &Path, stdin: &[u8]) -> Result<Output, String> {
    run_with_timeout(Command::new(runner()?).arg(program), stdin)
}

/// Starts `command`, again while Linux says its program is busy (ETXTBSY): a test that has
/// just written a program may have been forked by another test's thread in the meantime, and
/// that child holds the program open for writing until it execs, a matter of milliseconds.
fn spawn(command: &mut Command) -> std::io::Result<Child> {
    const TEXT_FILE_BUSY: i32 = 26;
    const TRIES: u32 = 200;
    let mut tries = 1;
    loop {
        match command.spawn() {
            Err(e) if e.raw_os_error() == Some(TEXT_FILE_BUSY) && tries < TRIES => {
                tries += 1;
                thread::sleep(Duration::from_millis(5));
            }
            spawned => return spawned,
        }
    }
}

/// Runs `command` with `stdin` piped in and stdout and stderr captured; Err if it cannot
/// start or is still running after 60 s (it is killed then).
pub fn run_with_timeout(command: &mut Command, stdin: &[u8]) -> Result<Output, String> {
    let program = PathBuf::from(command.get_program());
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child =
        spawn(command).map_err(|e| format!("cannot start {}: {e}", program.display()))?;
    // Each pipe has its own thread, so a program that writes more than a pipe holds
    // before it has read all its input cannot deadlock against us.
    let mut pipe_in = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // A program that ends (or is killed) before reading everything breaks the pipe: that
    // is for the caller to judge from the Output, so the write error is dropped.
    let writer = thread::spawn(move || {
        let _ = pipe_in.write_all(&input);
    });
    let stdout = drain(child.stdout.take().expect("stdout is piped"));
    let stderr = drain(child.stderr.take().expect("stderr is piped"));

    let deadline = Instant::now() + TIMEOUT;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => thread::sleep(POLL),
            Ok(None) => {
                // The pipes close with the process, so the threads end too.
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "{}: still running after {TIMEOUT:?}",
                    program.display()
                ));
            }
            Err(e) => return Err(format!("{}: cannot wait: {e}", program.display())),
        }
    };
    writer.join().expect("stdin writer panicked");
    Ok(Output {
        status,
        stdout: join(stdout),
        stderr: join(stderr),
    })
}

fn drain(mut pipe: impl Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        // A read error ends the capture; what was read is still returned.
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

fn join(reader: thread::JoinHandle<Vec<u8>>) -> Vec<u8> {
    reader.join().expect("pipe reader panicked")
}

/// Whether the filter ended the process: a denied call kills it with SIGSYS.
pub fn killed_by_filter(status: &ExitStatus) -> bool {
    status.signal() == Some(SIGSYS)
}

/// Reads numbers and characters from stdin and prints what it made of them, through the
/// heap in small and large (mmapped, then mremapped) blocks: all the calls on the list.
const PLAIN: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_value(const void *a, const void *b) {
    return *(const int *)a - *(const int *)b;
}

int main(void) {
    int n, i, c, rest = 0;
    long sum = 0;
    int *a;
    char *big;
    if (scanf("%d", &n) != 1 || n <= 0) return 2;
    a = malloc(sizeof *a * (size_t)n);
    big = malloc(1 << 20);
    if (!a || !big) return 3;
    memset(big, 1, 1 << 20);
    big = realloc(big, 4 << 20);
    if (!big) return 3;
    memset(big, 2, 4 << 20);
    for (i = 0; i < n; i++) {
        if (scanf("%d", &a[i]) != 1) return 4;
        sum += a[i];
    }
    qsort(a, (size_t)n, sizeof *a, by_value);
    while ((c = getchar()) != EOF)
        if (c > ' ') rest += big[c];
    printf("sum %ld min %d max %d rest %d\n", sum, a[0], a[n - 1], rest);
    fprintf(stderr, "read %d numbers\n", n);
    free(big);
    free(a);
    return 0;
}
"#;

/// Prints `before`, then makes the forbidden call that stdin names (`mmap`, `mprotect` or
/// `fork`) and, if it is still alive, prints `survived`.
const FORBIDDEN: &str = r#"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
    char what[16];
    if (scanf("%15s", what) != 1) return 2;
    printf("before\n");
    fflush(stdout);
    if (strcmp(what, "mmap") == 0) {
        void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return 3;
    } else if (strcmp(what, "mprotect") == 0) {
        char *buffer = malloc(2 * 4096);
        char *page;
        if (!buffer) return 3;
        page = (char *)(((uintptr_t)buffer + 4095) & ~(uintptr_t)4095);
        if (mprotect(page, 4096, PROT_READ | PROT_WRITE | PROT_EXEC) != 0) return 3;
    } else if (strcmp(what, "fork") == 0) {
        pid_t child = fork();
        if (child < 0) return 3;
        if (child == 0) _exit(0);
        if (waitpid(child, NULL, 0) != child) return 3;
    } else {
        return 2;
    }
    printf("survived\n");
    return 0;
}
"#;

/// Copies `mov eax, 42; ret` into a buffer in a section the linker makes writable and
/// executable (the `#` comments out the flags GCC appends), as a bundle's loader keeps its
/// image, and returns what the copied code returns.
const RWX_SEGMENT: &str = r#"
#include <string.h>

static unsigned char buf[4096]
    __attribute__((section(".rust_image,\"awx\",@progbits#"), aligned(4096)));
static const unsigned char code[] = {0xb8, 0x2a, 0x00, 0x00, 0x00, 0xc3};

int main(void) {
    int (*f)(void);
    memcpy(buf, code, sizeof code);
    f = (int (*)(void))(void *)buf;
    return f();
}
"#;

/// Builds `source` with `gcc -O2 -static` as `<CARGO_TARGET_TMPDIR>/seccomp-tests/<name>`.
fn build_static(name: &str, source: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("seccomp-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let c_file = dir.join(format!("{name}.c"));
    let binary = dir.join(name);
    std::fs::write(&c_file, source).unwrap();
    let output = Command::new("gcc")
        .args(["-O2", "-static", "-o"])
        .arg(&binary)
        .arg(&c_file)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "gcc {name}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    binary
}

/// Runs `binary` directly, without the filter.
fn run_unfiltered(binary: &Path, stdin: &[u8]) -> Output {
    run_with_timeout(&mut Command::new(binary), stdin).unwrap()
}

/// Whether the 64-bit ELF file has a LOAD segment that is readable, writable and executable.
fn has_rwx_load_segment(elf: &[u8]) -> bool {
    const PT_LOAD: u32 = 1;
    const PF_RWX: u32 = 0b111;
    let u16_at = |at: usize| u16::from_le_bytes([elf[at], elf[at + 1]]) as usize;
    let u32_at = |at: usize| u32::from_le_bytes(elf[at..at + 4].try_into().unwrap());
    let u64_at = |at: usize| u64::from_le_bytes(elf[at..at + 8].try_into().unwrap()) as usize;
    assert_eq!(&elf[..5], b"\x7fELF\x02", "a 64-bit ELF file");
    let (offset, size, count) = (u64_at(0x20), u16_at(0x36), u16_at(0x38));
    (0..count)
        .map(|i| offset + i * size)
        .any(|header| u32_at(header) == PT_LOAD && u32_at(header + 4) & PF_RWX == PF_RWX)
}

#[test]
fn a_plain_static_c_program_runs_under_the_filter_with_its_output() {
    let binary = build_static("plain", PLAIN);
    let output = run_filtered(&binary, b"5\n3 1 4 1 5\nab c\n").unwrap();
    assert!(
        !killed_by_filter(&output.status),
        "killed by the filter: {:?}",
        output
    );
    assert_eq!(output.status.code(), Some(0), "{:?}", output);
    // `rest`: three characters, each worth big[c] == 2 after the realloc's memset.
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "sum 14 min 1 max 5 rest 6\n"
    );
    assert_eq!(String::from_utf8_lossy(&output.stderr), "read 5 numbers\n");
    // Its own failure exits pass through the runner as they are.
    let output = run_filtered(&binary, b"").unwrap();
    assert_eq!(
        (output.status.code(), output.stdout.len()),
        (Some(2), 0),
        "{:?}",
        output
    );
}

#[test]
fn the_filter_kills_executable_memory_and_fork() {
    let binary = build_static("forbidden", FORBIDDEN);
    for call in ["mmap", "mprotect", "fork"] {
        // Without the filter each call succeeds: the kill below is the filter's doing.
        let output = run_unfiltered(&binary, call.as_bytes());
        assert_eq!(
            output.status.code(),
            Some(0),
            "{call}, unfiltered: {:?}",
            output
        );
        assert_eq!(output.stdout, b"before\nsurvived\n", "{call}, unfiltered");

        let output = run_filtered(&binary, call.as_bytes()).unwrap();
        assert!(
            killed_by_filter(&output.status),
            "{call}: not killed: {:?}",
            output
        );
        // It got as far as the call, and no further.
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            "before\n",
            "{call}"
        );
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{call}");
    }
}

#[test]
fn a_program_with_an_rwx_load_segment_runs_code_from_it_under_the_filter() {
    let binary = build_static("rwx-segment", RWX_SEGMENT);
    assert!(
        has_rwx_load_segment(&std::fs::read(&binary).unwrap()),
        "no RWX LOAD segment"
    );
    let output = run_filtered(&binary, b"").unwrap();
    assert!(
        !killed_by_filter(&output.status),
        "killed by the filter: {:?}",
        output
    );
    assert_eq!(output.status.code(), Some(42), "{:?}", output);
    assert_eq!(
        (output.stdout.len(), output.stderr.len()),
        (0, 0),
        "{:?}",
        output
    );
}
