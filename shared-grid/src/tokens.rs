//! Whitespace-separated tokens read straight from a byte stream, one at a time, so memory is
//! bounded by the longest token (capped), never by the longest line or the whole input.

use std::io::{self, BufRead};

/// The most bytes of one token a [`TokenReader`] keeps. Far above any number; a longer token
/// is malformed input.
pub const TOKEN_LIMIT: usize = 4096;

/// Reads the whitespace-separated tokens of `reader`, holding only the current one.
///
/// The methods are those of proconio's `Source` trait (`next_token`, `is_empty`), so a crate
/// that reads with proconio can wrap a `TokenReader` in a two-method `Source` impl (this crate
/// stays std only); the problem crates read from it directly, which keeps proconio's code and
/// licence out of their bundles. Compared with proconio's `LineSource`, which holds a whole
/// line, a gigabyte without a newline costs no memory here.
///
/// - Separators are whitespace as `str::split_whitespace` has it, like `LineSource`: CRLF line
///   ends, tabs, a missing final newline, even a no-break space pasted from a web page.
/// - A run of non-blank bytes longer than [`TOKEN_LIMIT`] comes out as its first
///   `TOKEN_LIMIT` bytes followed by `...`, which parses as no number, so the caller's parse
///   error names it; the rest of it is skipped (read, not kept) only if another token is
///   asked for.
/// - Bytes that are not UTF-8 come out as U+FFFD (so they parse as no number either).
/// - A read error other than `Interrupted` panics with a one-line message (the `Source` trait
///   has no error channel; [`crate::run_batch`] turns the panic into the program's error
///   line).
///
/// ```
/// use shared_grid::TokenReader;
/// let mut tokens = TokenReader::new("12 x\r\n\t-3".as_bytes());
/// assert_eq!(tokens.next_token(), Some("12"));
/// assert_eq!(tokens.next_token(), Some("x"));
/// assert!(!tokens.is_empty());
/// assert_eq!(tokens.next_token(), Some("-3"));
/// assert!(tokens.is_empty());
/// assert_eq!(tokens.next_token(), None);
/// ```
pub struct TokenReader<R> {
    reader: R,
    /// The last run of bytes between ASCII whitespace, as text; its tokens are served from
    /// `served` on (it holds more than one only when Unicode whitespace splits it).
    word: String,
    served: usize,
    /// Inside a word longer than the limit: its rest is skipped before the next word.
    in_long_word: bool,
}

impl<R: BufRead> TokenReader<R> {
    pub fn new(reader: R) -> TokenReader<R> {
        TokenReader {
            reader,
            word: String::new(),
            served: 0,
            in_long_word: false,
        }
    }

    /// The next token, `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<&str> {
        let (start, end) = self.next_span()?;
        self.served = end;
        Some(&self.word[start..end])
    }

    /// Whether no token is left (only separators, or nothing, up to the end).
    pub fn is_empty(&mut self) -> bool {
        self.next_span().is_none()
    }

    /// Where the next token lies in `word`, reading words until one holds a token; `None` at
    /// the end of the input. A word holds more than one token, or none, only when Unicode
    /// whitespace splits it.
    fn next_span(&mut self) -> Option<(usize, usize)> {
        loop {
            let rest = &self.word[self.served..];
            if let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
                let start = self.served + start;
                let end = self.word[start..]
                    .find(char::is_whitespace)
                    .map_or(self.word.len(), |len| start + len);
                return Some((start, end));
            }
            if !self.read_word() {
                return None;
            }
        }
    }

    /// Reads the next run of bytes between ASCII whitespace into `word` (cut and marked when
    /// over the limit); `false` at the end of the input.
    fn read_word(&mut self) -> bool {
        let mut bytes = Vec::new();
        let mut long = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => panic!("cannot read the input: {err}"),
            };
            // An empty chunk is the end of the input.
            let mut word_ended = chunk.is_empty();
            let mut used = 0;
            for &byte in chunk {
                if is_separator(byte) {
                    self.in_long_word = false;
                    word_ended = !bytes.is_empty();
                } else if bytes.len() == TOKEN_LIMIT {
                    // Stop here, so that an endless token costs one token of memory and time;
                    // the rest is skipped only if another token is asked for.
                    (self.in_long_word, long, word_ended) = (true, true, true);
                } else if !self.in_long_word {
                    bytes.push(byte);
                }
                if word_ended {
                    break;
                }
                used += 1;
            }
            self.reader.consume(used);
            if word_ended {
                break;
            }
        }
        self.word = String::from_utf8_lossy(&bytes).into_owned();
        self.served = 0;
        if long {
            self.word.push_str("...");
        }
        !self.word.is_empty()
    }
}

/// ASCII whitespace as `char::is_whitespace` has it (`u8::is_ascii_whitespace` lacks the
/// vertical tab); the other Unicode whitespace is multi-byte and split in `next_span`.
fn is_separator(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Read};

    fn all_tokens<R: BufRead>(tokens: &mut TokenReader<R>) -> Vec<String> {
        std::iter::from_fn(|| tokens.next_token().map(str::to_string)).collect()
    }

    #[test]
    fn lenient_separators_and_no_final_newline() {
        let text = "1 2\r\n\t3\x0b4\x0c5\n\n  6";
        let mut tokens = TokenReader::new(text.as_bytes());
        assert_eq!(all_tokens(&mut tokens), ["1", "2", "3", "4", "5", "6"]);
        assert!(tokens.is_empty());
        for blank in ["", " \r\n\t "] {
            let mut tokens = TokenReader::new(blank.as_bytes());
            assert!(tokens.is_empty());
            assert_eq!(tokens.next_token(), None);
        }
    }

    #[test]
    fn unicode_whitespace_separates_as_in_split_whitespace() {
        let text = "1\u{a0}2\u{3000}\u{2003}3 \u{a0} \u{85}\n4\u{a0}";
        let expected: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(expected, ["1", "2", "3", "4"]);
        for capacity in [1, 2, 64] {
            let mut tokens = TokenReader::new(BufReader::with_capacity(capacity, text.as_bytes()));
            assert!(!tokens.is_empty());
            assert_eq!(tokens.next_token(), Some("1"));
            assert!(!tokens.is_empty());
            assert_eq!(all_tokens(&mut tokens), expected[1..]);
            assert!(tokens.is_empty());
        }
        // A word of Unicode whitespace only is no token.
        let mut tokens = TokenReader::new("7 \u{a0} ".as_bytes());
        assert_eq!(tokens.next_token(), Some("7"));
        assert!(tokens.is_empty());
        assert_eq!(tokens.next_token(), None);
    }

    /// Random texts of digits, letters and every kind of whitespace, read through buffers of
    /// random sizes: the same tokens as `split_whitespace`, and `is_empty` agrees at each step.
    #[test]
    fn same_tokens_as_split_whitespace_on_random_texts() {
        let alphabet = [
            "1", "23", "x", "é", "\u{1a}", " ", "\t", "\n", "\r\n", "\u{b}", "\u{c}", "\u{a0}",
            "\u{85}", "\u{2003}", "\u{3000}", "\u{2029}",
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        for _ in 0..2000 {
            let text: String = (0..next(30))
                .map(|_| alphabet[next(alphabet.len())])
                .collect();
            let capacity = 1 + next(8);
            let mut tokens = TokenReader::new(BufReader::with_capacity(capacity, text.as_bytes()));
            for expected in text.split_whitespace() {
                assert!(!tokens.is_empty(), "{text:?}");
                assert_eq!(tokens.next_token(), Some(expected), "{text:?}");
            }
            assert!(tokens.is_empty(), "{text:?}");
            assert_eq!(tokens.next_token(), None, "{text:?}");
        }
    }

    #[test]
    fn tokens_split_across_buffer_refills() {
        let text = "123 45\n6789  0 ";
        for capacity in 1..6 {
            let mut tokens = TokenReader::new(BufReader::with_capacity(capacity, text.as_bytes()));
            assert_eq!(all_tokens(&mut tokens), ["123", "45", "6789", "0"]);
        }
    }

    #[test]
    fn over_long_token_is_cut_marked_and_skipped() {
        let long = "7".repeat(TOKEN_LIMIT + 10);
        for capacity in [3, 64, 1 << 16] {
            let text = format!("1 {long} 2\n{} 3", "8".repeat(TOKEN_LIMIT));
            let mut tokens = TokenReader::new(BufReader::with_capacity(capacity, text.as_bytes()));
            assert_eq!(tokens.next_token(), Some("1"));
            let cut = tokens.next_token().unwrap().to_string();
            assert_eq!(cut, format!("{}...", "7".repeat(TOKEN_LIMIT)));
            assert!(cut.parse::<u64>().is_err() && cut.parse::<f64>().is_err());
            assert!(!tokens.is_empty());
            assert_eq!(tokens.next_token(), Some("2"));
            // Exactly at the limit is not cut.
            assert_eq!(tokens.next_token().map(str::len), Some(TOKEN_LIMIT));
            assert_eq!(all_tokens(&mut tokens), ["3"]);
        }
    }

    /// A reader that never ends: an endless token must come back after a bounded read.
    struct Endless {
        served: usize,
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            buf.fill(b'9');
            self.served += buf.len();
            Ok(buf.len())
        }
    }

    #[test]
    fn endless_token_costs_one_token_of_memory() {
        let mut tokens = TokenReader::new(BufReader::with_capacity(1024, Endless { served: 0 }));
        let token = tokens.next_token().unwrap();
        assert!(token.ends_with("...") && token.len() == TOKEN_LIMIT + 3);
        assert!(tokens.reader.get_ref().served <= TOKEN_LIMIT + 1024);
    }

    #[test]
    fn bytes_that_are_not_utf8_become_replacement_characters() {
        let mut tokens = TokenReader::new(&b"4\xff2 \x1a"[..]);
        assert_eq!(tokens.next_token(), Some("4\u{fffd}2"));
        assert_eq!(tokens.next_token(), Some("\u{1a}"), "Ctrl-Z is a token");
    }

    struct Failing;

    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::Other, "disk on fire"))
        }
    }

    #[test]
    #[should_panic(expected = "cannot read the input: disk on fire")]
    fn read_errors_panic_with_one_line() {
        TokenReader::new(BufReader::new(Failing)).next_token();
    }
}
