//! Boards as the judge's input format: `w h`, then h rows of w codes, boards
//! one after another, ending with `0 0`. The adversarial data sets under
//! `benches/data/` are kept this way, so any solution can be run on them.

use std::fmt::Write as _;

/// Rows of square codes (0 vacant, 1 block, 2 start, 3 goal).
pub type Rows = Vec<Vec<u8>>;

/// Every board of a judge input, up to `0 0` or the end.
pub fn parse_boards(text: &str) -> Vec<Rows> {
    let mut tokens = text
        .split_whitespace()
        .map(|t| t.parse::<usize>().expect("a number"));
    let mut boards = Vec::new();
    while let (Some(w), Some(h)) = (tokens.next(), tokens.next()) {
        if (w, h) == (0, 0) {
            break;
        }
        let rows = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| tokens.next().expect("a square") as u8)
                    .collect()
            })
            .collect();
        boards.push(rows);
    }
    boards
}

/// A judge input holding `boards`, terminated by `0 0`.
pub fn format_boards(boards: &[Rows]) -> String {
    let mut out = String::new();
    for rows in boards {
        let _ = writeln!(out, "{} {}", rows[0].len(), rows.len());
        for row in rows {
            let line: Vec<String> = row.iter().map(u8::to_string).collect();
            let _ = writeln!(out, "{}", line.join(" "));
        }
    }
    out.push_str("0 0\n");
    out
}

/// Reads `benches/data/<name>`.
pub fn load_data_set(name: &str) -> Vec<Rows> {
    let path = format!("{}/benches/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_boards(&text)
}

/// A 1 x `len` board, start at the left end, goal at the right end, a block on
/// every third square between: the shape that once made the relaxed-distance
/// pass quadratic (each stop square rescanned the whole row).
pub fn long_thin_board(len: usize) -> Rows {
    let mut row: Vec<u8> = (0..len).map(|i| u8::from(i % 3 == 2)).collect();
    row[0] = 2;
    row[len - 1] = 3;
    vec![row]
}
