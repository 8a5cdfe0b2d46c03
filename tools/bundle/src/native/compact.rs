//! The loader as a C file carries it: `native/loader.c` without its comments, indentation
//! and blank lines. The documented loader is a third of a small solution's file; a judge
//! needs none of its prose, and the reader who wants it finds the file the header names.
//! Nothing else changes: every token, line break and preprocessor line stays, so that the
//! compact loader reads line for line against the documented one.

/// `c` without comments, each line without the spaces around it, and without empty lines.
/// A comment is taken out as C reads it: not inside a string or character literal, and as
/// one space between the tokens around it.
pub fn compact(c: &str) -> String {
    let mut out = String::with_capacity(c.len());
    for line in without_comments(c).lines() {
        let line = line.trim();
        if !line.is_empty() {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// `c` with each comment replaced by one space, or by the line breaks it spanned, so that
/// every line stays where it was.
fn without_comments(c: &str) -> String {
    let mut out = String::with_capacity(c.len());
    let mut rest = c;
    while let Some(at) = rest.find(['"', '\'', '/']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if rest.starts_with("/*") {
            let end = rest[2..].find("*/").map_or(rest.len(), |end| end + 4);
            let breaks = rest[..end].matches('\n').count();
            out.push_str(&if breaks == 0 {
                " ".to_string()
            } else {
                "\n".repeat(breaks)
            });
            rest = &rest[end..];
        } else if rest.starts_with("//") {
            rest = &rest[rest.find('\n').unwrap_or(rest.len())..];
        } else if rest.starts_with('/') {
            out.push('/');
            rest = &rest[1..];
        } else {
            let end = literal_end(rest);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        }
    }
    out.push_str(rest);
    out
}

/// The length of the string or character literal `text` starts with, its closing quote
/// included (to the end of the line if it has none).
fn literal_end(text: &str) -> usize {
    let bytes = text.as_bytes();
    let quote = bytes[0];
    let mut at = 1;
    while at < bytes.len() && bytes[at] != quote && bytes[at] != b'\n' {
        at += if bytes[at] == b'\\' { 2 } else { 1 };
    }
    (at + 1).min(bytes.len())
}

#[cfg(test)]
mod tests {
    use super::compact;

    #[test]
    fn comments_indentation_and_blank_lines_go() {
        let c = "/* a\n   comment */\nint f(void)\n{\n\n  return 1; /* one */\n}\n";
        assert_eq!(compact(c), "int f(void)\n{\nreturn 1;\n}\n");
    }

    #[test]
    fn a_comment_between_tokens_is_a_space() {
        assert_eq!(compact("unsigned/* x */long n;\n"), "unsigned long n;\n");
    }

    #[test]
    fn literals_keep_what_looks_like_comments() {
        let c = "char *s = \"/* not */ \\\" // either\"; char q = '\"'; char d = '/';\n";
        assert_eq!(compact(c), c);
    }

    #[test]
    fn preprocessor_lines_and_continuations_stay_lines() {
        let c = "#if A \\\n    || B /* why */\n#error \"no\"\n#endif\n";
        assert_eq!(compact(c), "#if A \\\n|| B\n#error \"no\"\n#endif\n");
    }

    #[test]
    fn the_loader_keeps_its_code_and_loses_its_prose() {
        let loader = include_str!("../../native/loader.c");
        let compacted = compact(loader);
        assert!(!compacted.contains("/*") && !compacted.contains("*/"));
        assert!(compacted.contains("static int lzma_decode("));
        assert!(compacted.contains("${PACKED_LINES}\n0};\n"));
        assert!(
            compacted.len() < loader.len() * 2 / 3,
            "{}",
            compacted.len()
        );
    }
}
