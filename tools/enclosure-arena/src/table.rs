//! The human-readable result table `play` ends with.

use crate::result::{GameResult, SeatResult};

/// Renders the table: one header row, one row per seat in seat order, and a
/// line with the number of turns. Columns are padded to their widest cell.
pub fn render(result: &GameResult) -> String {
    let header = ["seat", "bot", "status", "regions", "mud", "score", "rank"];
    let rows: Vec<[String; 7]> = result
        .seats
        .iter()
        .map(|s| {
            [
                s.seat.to_string(),
                s.bot.clone(),
                status_cell(s),
                regions_cell(&s.regions),
                s.mud.to_string(),
                s.score.to_string(),
                s.rank.to_string(),
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    push_row(&mut out, &header.map(String::from), &widths);
    for row in &rows {
        push_row(&mut out, row, &widths);
    }
    out.push_str(&format!("{} turns played\n", result.turns));
    out
}

/// `alive`, or `dead: CAUSE, turn T` and, when the bot itself failed, `: DETAIL`
/// (e.g. `dead: illegal_output, turn 3: bad direction "\0" (...)`).
fn status_cell(seat: &SeatResult) -> String {
    let Some(cause) = &seat.death else {
        return "alive".to_string();
    };
    let mut cell = format!("dead: {cause}");
    if let Some(turn) = seat.death_turn {
        cell += &format!(", turn {turn}");
    }
    if let Some(detail) = &seat.detail {
        cell += &format!(": {detail}");
    }
    cell
}

/// `-` for no land, `25` for one region, `12 + 4 = 16` for several.
fn regions_cell(areas: &[usize]) -> String {
    match areas {
        [] => "-".to_string(),
        [one] => one.to_string(),
        many => {
            let parts: Vec<String> = many.iter().map(usize::to_string).collect();
            format!("{} = {}", parts.join(" + "), many.iter().sum::<usize>())
        }
    }
}

/// Text columns left-aligned, number columns right-aligned, two spaces apart.
fn push_row(out: &mut String, cells: &[String; 7], widths: &[usize; 7]) {
    const NUMERIC: [bool; 7] = [true, false, false, false, true, true, true];
    let padded: Vec<String> = cells
        .iter()
        .zip(widths)
        .zip(NUMERIC)
        .map(|((cell, &width), numeric)| {
            if numeric {
                format!("{cell:>width$}")
            } else {
                format!("{cell:<width$}")
            }
        })
        .collect();
    out.push_str(padded.join("  ").trim_end());
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::SeatTiming;

    #[test]
    fn lays_out_one_row_per_seat() {
        let seat =
            |seat: usize, bot: &str, death: Option<&str>, regions: Vec<usize>, score, rank| {
                SeatResult {
                    seat,
                    bot: bot.into(),
                    alive: death.is_none(),
                    death: death.map(String::from),
                    death_turn: death.map(|_| 7),
                    detail: None,
                    regions,
                    mud: 0,
                    score,
                    rank,
                }
            };
        let result = GameResult {
            turns: 42,
            seats: vec![
                seat(0, "builtin:random", None, vec![12, 4], 1604, 1),
                seat(1, "sh bot.sh", Some("trespass"), vec![], 3, 2),
                SeatResult {
                    detail: Some(r#"bad direction "\0""#.into()),
                    ..seat(2, "./bot", Some("illegal_output"), vec![], 2, 3)
                },
            ],
            timing: vec![SeatTiming::default(); 3],
        };
        assert_eq!(
            render(&result),
            "seat  bot             status                                            regions      mud  score  rank\n\
             \x20  0  builtin:random  alive                                             12 + 4 = 16    0   1604     1\n\
             \x20  1  sh bot.sh       dead: trespass, turn 7                            -              0      3     2\n\
             \x20  2  ./bot           dead: illegal_output, turn 7: bad direction \"\\0\"  -              0      2     3\n\
             42 turns played\n"
        );
    }
}
