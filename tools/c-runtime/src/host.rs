//! The host table the loader hands in, and [`Exclusive`], the one kind of mutable global.

use core::cell::UnsafeCell;
use core::ops::{Deref, DerefMut};
use core::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

/// The C functions the loader passes in: every effect the program has goes through them.
/// The C side declares the same struct in the same order (`loader.c`, `struct host`).
#[repr(C)]
pub struct Host {
    /// Reads at most `len` bytes of stdin, up to and including a newline; 0 at the end.
    pub(crate) read: unsafe extern "C" fn(buf: *mut u8, len: usize) -> usize,
    /// Writes `len` bytes to stdout (`stream` 1) or stderr (2); returns how many it wrote.
    pub(crate) write: unsafe extern "C" fn(stream: i32, buf: *const u8, len: usize) -> usize,
    /// Flushes stdout (1) or stderr (2); 0 on success.
    pub(crate) flush: unsafe extern "C" fn(stream: i32) -> i32,
    /// Flushes every stream and ends the process with `code` (C `exit`).
    pub(crate) exit: unsafe extern "C" fn(code: i32) -> !,
    /// C `malloc`, `realloc` and `free`.
    pub(crate) malloc: unsafe extern "C" fn(size: usize) -> *mut u8,
    pub(crate) realloc: unsafe extern "C" fn(ptr: *mut u8, size: usize) -> *mut u8,
    pub(crate) free: unsafe extern "C" fn(ptr: *mut u8),
    /// C `memcpy`, `memmove`, `memset`, `memcmp`: the compiler emits calls to these names.
    pub(crate) memcpy: unsafe extern "C" fn(dest: *mut u8, src: *const u8, n: usize) -> *mut u8,
    pub(crate) memmove: unsafe extern "C" fn(dest: *mut u8, src: *const u8, n: usize) -> *mut u8,
    pub(crate) memset: unsafe extern "C" fn(dest: *mut u8, byte: i32, n: usize) -> *mut u8,
    pub(crate) memcmp: unsafe extern "C" fn(a: *const u8, b: *const u8, n: usize) -> i32,
}

/// The table [`install`] was given; null before.
static HOST: AtomicPtr<Host> = AtomicPtr::new(core::ptr::null_mut());

/// Makes `host` the program's world; [`crate::rt::start`] calls it before `main`.
pub fn install(host: &'static Host) {
    HOST.store(host as *const Host as *mut Host, Ordering::Release);
}

/// The installed table. Before [`install`] there is no way to report anything, not even a
/// panic, so the program stops where it is: the loader installs before it runs anything.
pub(crate) fn host() -> &'static Host {
    let host = HOST.load(Ordering::Acquire);
    if host.is_null() {
        #[allow(clippy::empty_loop)]
        loop {}
    }
    // SAFETY: `install` stored a `&'static Host`, which is never written again.
    unsafe { &*host }
}

/// A value behind a lock that refuses instead of waiting: [`Exclusive::lock`] panics while a
/// guard is alive, where a mutex would block. In the image's one thread a second lock can
/// only be a re-entry, which would wait forever; refusing turns that into a panic. The
/// guard is the only way to the value, so the borrow checker guards every use of it.
pub struct Exclusive<T> {
    taken: AtomicBool,
    value: UnsafeCell<T>,
}

// SAFETY: the value is reached only through a guard, and `taken` lets one guard exist at a
// time, across threads too; the value may be dropped or used on another thread, so `Send`.
unsafe impl<T: Send> Sync for Exclusive<T> {}

impl<T> Exclusive<T> {
    pub const fn new(value: T) -> Exclusive<T> {
        Exclusive {
            taken: AtomicBool::new(false),
            value: UnsafeCell::new(value),
        }
    }

    /// The value, unless a guard of it is alive.
    pub fn try_lock(&self) -> Option<Guard<'_, T>> {
        match self.taken.swap(true, Ordering::Acquire) {
            true => None,
            false => Some(Guard { owner: self }),
        }
    }

    /// The value; panics if a guard of it is alive.
    pub fn lock(&self) -> Guard<'_, T> {
        match self.try_lock() {
            Some(guard) => guard,
            None => panic!("a lock was taken twice"),
        }
    }
}

/// The one live access to an [`Exclusive`]'s value; the lock is released when it is dropped.
pub struct Guard<'a, T> {
    owner: &'a Exclusive<T>,
}

impl<T> Deref for Guard<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        // SAFETY: this guard is the only one (`taken`), and it is borrowed shared here.
        unsafe { &*self.owner.value.get() }
    }
}

impl<T> DerefMut for Guard<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: this guard is the only one (`taken`), and it is borrowed mutably here.
        unsafe { &mut *self.owner.value.get() }
    }
}

impl<T> Drop for Guard<'_, T> {
    fn drop(&mut self) {
        self.owner.taken.store(false, Ordering::Release);
    }
}

/// A host table for the unit tests: C's allocator and memory functions, stdin from a
/// per-thread queue of chunks, stdout and stderr into per-thread buffers.
#[cfg(test)]
pub(crate) mod fake {
    use super::Host;
    use std::cell::RefCell;
    use std::collections::VecDeque;

    extern "C" {
        fn malloc(size: usize) -> *mut u8;
        fn realloc(ptr: *mut u8, size: usize) -> *mut u8;
        fn free(ptr: *mut u8);
        fn memcpy(dest: *mut u8, src: *const u8, n: usize) -> *mut u8;
        fn memmove(dest: *mut u8, src: *const u8, n: usize) -> *mut u8;
        fn memset(dest: *mut u8, byte: i32, n: usize) -> *mut u8;
        fn memcmp(a: *const u8, b: *const u8, n: usize) -> i32;
    }

    #[derive(Default)]
    pub struct World {
        /// What each `read` returns, in turn (then 0: the end of the input).
        pub stdin: VecDeque<Vec<u8>>,
        /// The buffers each `read` was offered, in bytes.
        pub read_sizes: Vec<usize>,
        pub stdout: Vec<u8>,
        pub stderr: Vec<u8>,
        /// `write` accepts at most this many bytes a call (`None`: all).
        pub write_limit: Option<usize>,
        /// `flush` fails.
        pub flush_fails: bool,
    }

    thread_local! {
        pub static WORLD: RefCell<World> = RefCell::new(World::default());
    }

    unsafe extern "C" fn read(buf: *mut u8, len: usize) -> usize {
        WORLD.with_borrow_mut(|world| {
            world.read_sizes.push(len);
            let Some(mut chunk) = world.stdin.pop_front() else {
                return 0;
            };
            let n = chunk.len().min(len);
            std::ptr::copy_nonoverlapping(chunk.as_ptr(), buf, n);
            if n < chunk.len() {
                world.stdin.push_front(chunk.split_off(n));
            }
            n
        })
    }

    unsafe extern "C" fn write(stream: i32, buf: *const u8, len: usize) -> usize {
        WORLD.with_borrow_mut(|world| {
            let n = world.write_limit.map_or(len, |limit| limit.min(len));
            let bytes = std::slice::from_raw_parts(buf, n);
            match stream {
                1 => world.stdout.extend_from_slice(bytes),
                2 => world.stderr.extend_from_slice(bytes),
                _ => panic!("write to stream {stream}"),
            }
            n
        })
    }

    unsafe extern "C" fn flush(_stream: i32) -> i32 {
        WORLD.with_borrow(|world| i32::from(world.flush_fails))
    }

    unsafe extern "C" fn exit(code: i32) -> ! {
        // A test that gets here has failed: the code under test should not exit.
        std::eprintln!("the program exited with {code}");
        std::process::abort()
    }

    pub static HOST: Host = Host {
        read,
        write,
        flush,
        exit,
        malloc,
        realloc,
        free,
        memcpy,
        memmove,
        memset,
        memcmp,
    };

    /// Installs the fake table (every test may: it is the same one) and gives this thread a
    /// fresh world with `stdin` as its input, in chunks.
    pub fn fresh(stdin: &[&[u8]]) {
        super::install(&HOST);
        WORLD.with_borrow_mut(|world| {
            *world = World::default();
            world.stdin = stdin.iter().map(|chunk| chunk.to_vec()).collect();
        });
    }

    pub fn stdout() -> Vec<u8> {
        WORLD.with_borrow(|world| world.stdout.clone())
    }

    pub fn stderr() -> Vec<u8> {
        WORLD.with_borrow(|world| world.stderr.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_while_the_first_guard_lives() {
        let cell = Exclusive::new(5);
        let mut first = cell.lock();
        *first += 1;
        assert!(cell.try_lock().is_none());
        drop(first);
        assert_eq!(*cell.try_lock().expect("released"), 6);
    }

    #[test]
    #[should_panic(expected = "a lock was taken twice")]
    fn locking_twice_panics_instead_of_waiting() {
        let cell = Exclusive::new(());
        let _first = cell.lock();
        let _second = cell.lock();
    }

    #[test]
    fn threads_take_turns_and_lose_no_update() {
        static COUNTER: Exclusive<u64> = Exclusive::new(0);
        let threads: std::vec::Vec<_> = (0..4)
            .map(|_| {
                std::thread::spawn(|| {
                    let mut done = 0;
                    while done < 1000 {
                        if let Some(mut count) = COUNTER.try_lock() {
                            *count += 1;
                            done += 1;
                        }
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(*COUNTER.lock(), 4000);
    }
}
