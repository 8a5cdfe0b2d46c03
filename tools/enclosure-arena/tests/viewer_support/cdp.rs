//! A minimal Chrome DevTools Protocol client over `--remote-debugging-pipe` (the browser
//! reads NUL-terminated JSON commands on fd 3 and writes replies and events on fd 4): enough
//! to press keys, click with the mouse, evaluate expressions, and collect console errors
//! and uncaught exceptions, with a deadline on every wait.

use std::io::Write;
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

pub struct Browser {
    child: Child,
    commands: std::io::PipeWriter,
    messages: Receiver<Value>,
    next_id: u64,
    session: String,
    /// Console errors, uncaught exceptions and error log entries seen so far.
    pub problems: Vec<String>,
}

const WAIT: Duration = Duration::from_secs(30);

impl Browser {
    /// Starts a headless browser on `url` and attaches to its page.
    pub fn open(chromium: &Path, url: &str, profile: &Path) -> Browser {
        let (browser_reads, commands) = std::io::pipe().unwrap();
        let (replies, browser_writes) = std::io::pipe().unwrap();
        let (read_fd, write_fd) = (browser_reads.as_raw_fd(), browser_writes.as_raw_fd());
        let mut command = Command::new(chromium);
        command
            .args(super::HEADLESS_FLAGS)
            .args(["--remote-debugging-pipe", "--window-size=1100,760"])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(url)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: between fork and exec only async-signal-safe calls (fcntl, dup2). The pipe
        // ends are first copied above fd 9 so that placing them on 3 and 4 cannot clobber
        // one with the other; dup2 clears close-on-exec on the copies the browser keeps.
        unsafe {
            command.pre_exec(move || {
                let high_read = libc::fcntl(read_fd, libc::F_DUPFD_CLOEXEC, 10);
                let high_write = libc::fcntl(write_fd, libc::F_DUPFD_CLOEXEC, 10);
                if high_read < 0
                    || high_write < 0
                    || libc::dup2(high_read, 3) < 0
                    || libc::dup2(high_write, 4) < 0
                {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("chromium starts");
        drop((browser_reads, browser_writes));
        let (sender, messages) = channel();
        std::thread::spawn(move || {
            let mut replies = std::io::BufReader::new(replies);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match std::io::BufRead::read_until(&mut replies, 0, &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        buffer.pop();
                        if let Ok(value) = serde_json::from_slice(&buffer) {
                            if sender.send(value).is_err() {
                                break;
                            }
                        }
                    }
                }
            }
        });
        let mut browser = Browser {
            child,
            commands,
            messages,
            next_id: 0,
            session: String::new(),
            problems: Vec::new(),
        };
        let targets = browser.call("Target.getTargets", json!({}));
        let page = targets["targetInfos"]
            .as_array()
            .unwrap()
            .iter()
            .find(|target| target["type"] == "page")
            .expect("a page target")["targetId"]
            .clone();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({"targetId": page, "flatten": true}),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser.call("Runtime.enable", json!({}));
        browser.call("Log.enable", json!({}));
        browser.call(
            "Emulation.setFocusEmulationEnabled",
            json!({"enabled": true}),
        );
        browser
    }

    /// Sends a command (to the page once attached) and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.commands
            .write_all(&bytes)
            .expect("the browser reads commands");
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let reply = match self.messages.recv_timeout(left) {
                Ok(reply) => reply,
                Err(RecvTimeoutError::Timeout) => panic!("no reply to {method} within {WAIT:?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the browser went away during {method}")
                }
            };
            if reply["id"] == json!(id) {
                if let Some(error) = reply.get("error") {
                    panic!("{method} failed: {error}");
                }
                return reply["result"].clone();
            }
            self.note_event(&reply);
        }
    }

    fn note_event(&mut self, event: &Value) {
        let params = &event["params"];
        match event["method"].as_str() {
            Some("Runtime.exceptionThrown") => self.problems.push(format!(
                "exception: {}",
                params["exceptionDetails"]["exception"]["description"]
            )),
            Some("Runtime.consoleAPICalled")
                if params["type"] == "error" || params["type"] == "assert" =>
            {
                self.problems
                    .push(format!("console.{}: {}", params["type"], params["args"]))
            }
            Some("Log.entryAdded") if params["entry"]["level"] == "error" => self
                .problems
                .push(format!("log: {}", params["entry"]["text"])),
            _ => {}
        }
    }

    /// The value of a JavaScript expression in the page.
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        if let Some(details) = result.get("exceptionDetails") {
            panic!("evaluating {expression}: {details}");
        }
        result["result"]["value"].clone()
    }

    /// Waits until `expression` is true in the page.
    pub fn wait_for(&mut self, expression: &str, limit: Duration) {
        let deadline = Instant::now() + limit;
        while self.eval(expression) != json!(true) {
            assert!(
                Instant::now() < deadline,
                "still not true after {limit:?}: {expression}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Presses and releases a key (`"ArrowRight"`, `" "`, `"Home"`, ...) as a user would.
    pub fn press(&mut self, key: &str) {
        let (code, key_code) = match key {
            "ArrowLeft" => ("ArrowLeft", 37),
            "ArrowRight" => ("ArrowRight", 39),
            "Home" => ("Home", 36),
            "End" => ("End", 35),
            " " => ("Space", 32),
            other => panic!("no key code for {other:?}"),
        };
        for kind in ["rawKeyDown", "keyUp"] {
            let mut params = json!({"type": kind, "key": key, "code": code,
                "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code});
            if kind == "rawKeyDown" && key == " " {
                params["text"] = json!(" ");
            }
            self.call("Input.dispatchKeyEvent", params);
        }
    }

    /// Clicks the middle of the element with this id (or a point `fraction` of the way
    /// across it), with real mouse events.
    pub fn click(&mut self, id: &str, fraction: f64) {
        let rect = self.eval(&format!(
            "(() => {{ const r = document.getElementById('{id}').getBoundingClientRect(); \
             return [r.left, r.top, r.width, r.height]; }})()"
        ));
        let number = |i: usize| rect[i].as_f64().unwrap();
        let (x, y) = (
            number(0) + number(2) * fraction,
            number(1) + number(3) / 2.0,
        );
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// Collects the events that arrived while nothing was asked.
    pub fn drain_events(&mut self) {
        while let Ok(event) = self.messages.try_recv() {
            self.note_event(&event);
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        self.session.clear();
        self.next_id += 1;
        let close = json!({"id": self.next_id, "method": "Browser.close"});
        let mut bytes = serde_json::to_vec(&close).unwrap();
        bytes.push(0);
        let _ = self.commands.write_all(&bytes);
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
