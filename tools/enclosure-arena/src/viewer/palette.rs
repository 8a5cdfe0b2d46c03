//! Colours and board geometry, shared by the SVG writer and (as JSON) the HTML page, so
//! both draw with identical colours.

use serde::Serialize;

/// Seat colours: the Okabe–Ito set, distinguishable with the common colour-vision
/// deficiencies. More seats than colours cycle (the rules have at most 4).
const SEAT_COLOURS: [&str; 4] = ["#0072b2", "#d55e00", "#009e73", "#cc79a7"];

/// How much white is mixed into a seat colour for its regions. Regions of one owner take
/// the tints in turn (by capture order), so two neighbouring regions of one owner differ
/// in shade as well as being separated by a border line.
const REGION_TINTS: [f64; 3] = [0.45, 0.62, 0.30];

pub const UNOWNED: &str = "#f3efe6";
pub const GRID_LINE: &str = "#c9c2b3";
pub const REGION_BORDER: &str = "#2b2b2b";
pub const MUD: &str = "#8b5a2b";
pub const INK: &str = "#222222";

/// Pixels per cell and around the board.
pub const CELL_PX: i32 = 44;
pub const MARGIN_PX: i32 = 30;

pub fn seat_colour(seat: usize) -> &'static str {
    SEAT_COLOURS[seat % SEAT_COLOURS.len()]
}

/// Fill of a region cell: the owner's colour lightened by the region's shade.
pub fn region_fill(owner: usize, shade: usize) -> String {
    mix_with_white(seat_colour(owner), REGION_TINTS[shade % REGION_TINTS.len()])
}

pub fn shade_count() -> usize {
    REGION_TINTS.len()
}

/// `#rrggbb` mixed with white: `amount` 0 keeps the colour, 1 gives white.
fn mix_with_white(hex: &str, amount: f64) -> String {
    let channel = |at: usize| {
        let value = u8::from_str_radix(&hex[at..at + 2], 16).expect("palette colours are #rrggbb");
        let mixed = f64::from(value) + (255.0 - f64::from(value)) * amount;
        mixed.round() as u8
    };
    format!("#{:02x}{:02x}{:02x}", channel(1), channel(3), channel(5))
}

/// Pixel coordinate of a vertex index (fractional for nudged players), rounded to
/// hundredths so the SVG text stays short.
pub fn vertex_px(index: f64) -> f64 {
    ((f64::from(MARGIN_PX) + index * f64::from(CELL_PX)) * 100.0).round() / 100.0
}

/// The palette as the page's script receives it.
#[derive(Debug, Clone, Serialize)]
pub struct PaletteJson {
    pub unowned: &'static str,
    pub grid: &'static str,
    pub border: &'static str,
    pub mud: &'static str,
    pub ink: &'static str,
    /// `seats[s]`: the seat's own colour.
    pub seats: Vec<&'static str>,
    /// `regions[s][k]`: fill of seat s's regions with shade k.
    pub regions: Vec<Vec<String>>,
    pub cell_px: i32,
    pub margin_px: i32,
}

pub fn palette_json(seats: usize) -> PaletteJson {
    PaletteJson {
        unowned: UNOWNED,
        grid: GRID_LINE,
        border: REGION_BORDER,
        mud: MUD,
        ink: INK,
        seats: (0..seats).map(seat_colour).collect(),
        regions: (0..seats)
            .map(|seat| {
                (0..shade_count())
                    .map(|shade| region_fill(seat, shade))
                    .collect()
            })
            .collect(),
        cell_px: CELL_PX,
        margin_px: MARGIN_PX,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixing_with_white_goes_from_the_colour_to_white() {
        assert_eq!(mix_with_white("#0072b2", 0.0), "#0072b2");
        assert_eq!(mix_with_white("#0072b2", 1.0), "#ffffff");
        assert_eq!(mix_with_white("#000000", 0.5), "#808080");
    }

    #[test]
    fn every_seat_and_shade_has_a_distinct_fill() {
        let mut fills: Vec<String> = (0..4)
            .flat_map(|seat| (0..shade_count()).map(move |shade| region_fill(seat, shade)))
            .collect();
        fills.push(UNOWNED.to_string());
        let count = fills.len();
        fills.sort();
        fills.dedup();
        assert_eq!(fills.len(), count);
    }
}
