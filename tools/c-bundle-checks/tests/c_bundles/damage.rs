//! Damage for the loader to find: the numbers of a C bundle's tables, and its packed
//! stream's digits, each of which, changed, must stop the program with one line before
//! anything of the image runs.

use std::ops::Range;

/// The digits of base 91, as the loader orders them.
const DIGITS: &[u8; 91] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&'()*+,-./:;<=>@[]^_`{|}~";

/// Where in `text` each number of the x86-64 image's tables is, and its value: the array's
/// size, the stream's size and coder settings, the relocation steps with the 0 that ends
/// them, the image's place, entry and check. (The first of each table in the file is the
/// x86-64 one.)
pub fn table_numbers(text: &str) -> Vec<(Range<usize>, u64)> {
    let tables = [
        ("#define IMAGE_BUFFER_SIZE ", "\n"),
        ("packed = {packed_lines,", "}"),
        ("relocation_steps[] = {", "}"),
        ("image_layout layout = {", "relocation_steps,"),
    ];
    let mut numbers = Vec::new();
    for (opening, closing) in tables {
        let start = text
            .find(opening)
            .unwrap_or_else(|| panic!("no {opening:?}"))
            + opening.len();
        let end = start + text[start..].find(closing).unwrap();
        let mut at = start;
        while at < end {
            let rest = &text.as_bytes()[at..end];
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 {
                at += 1;
                continue;
            }
            let range = at..at + digits;
            numbers.push((range.clone(), text[range].parse().unwrap()));
            at += digits;
        }
    }
    numbers
}

/// The packed stream's lines (`packed_lines`), in order, without their quotes.
pub fn packed_lines(text: &str) -> Vec<&str> {
    let opening = "packed_lines[] = {\n";
    let start = text.find(opening).unwrap() + opening.len();
    let end = start + text[start..].find("\n0};").unwrap();
    text[start..end]
        .lines()
        .map(|line| line.trim_end_matches(',').trim_matches('"'))
        .collect()
}

/// The base-91 digit after `digit`, the last one followed by the first.
pub fn other_digit(digit: u8) -> u8 {
    let index = DIGITS.iter().position(|&d| d == digit).unwrap();
    DIGITS[(index + 1) % DIGITS.len()]
}

/// Where `needle` is in `haystack`, which must hold it once.
pub fn only_place(haystack: &[u8], needle: &[u8]) -> usize {
    let places: Vec<usize> = haystack
        .windows(needle.len())
        .enumerate()
        .filter(|(_, window)| *window == needle)
        .map(|(at, _)| at)
        .collect();
    assert_eq!(places.len(), 1, "a packed line is in the binary once");
    places[0]
}
