//! The game state: players, territory, traps and the turn counter, with read-only accessors.
//! Positions that no sequence of turns reaches quickly are hand-built in tests with the
//! set-up helpers at the end, which exist only in test builds (`test`, or the
//! `test-support` feature that the crate's own tests and benches turn on).

use crate::action::DeathCause;
use crate::capture;
use crate::geometry::{cell_index, cell_of_index, Vertex, CELL_COUNT, VERTICES};

/// The number of turns after which the game ends (rulings §8).
pub const MAX_TURNS: u32 = 100;
/// Turns a trapped player loses (rulings §6).
pub const STUCK_TURNS: u32 = 5;
/// What a fresh trap reports in the next `[STATUS]` (rulings §6).
pub const TRAP_TURNS: u32 = 2;
/// The seats of the statement's table. `[STATUS]` always lists this many (rulings §1): a 2- or
/// 3-seat game reports its absent seats as dead, so a bot written for four players plays it.
pub const TABLE_SEATS: usize = 4;
/// Where `[STATUS]` shows a seat that never played: one absent from a 2- or 3-seat game, or
/// one whose `[POS]` answer was unusable.
pub const NOWHERE: Vertex = Vertex::new(0, 0);

/// `cells[i]` value of an unowned cell.
const NO_REGION: u8 = u8::MAX;
/// The mask of every cell of the board.
const ALL_CELLS: u128 = (1u128 << CELL_COUNT) - 1;

/// One seat's player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub(crate) pos: Vertex,
    pub(crate) pen_down: bool,
    /// Vertices visited since the pen went down, the current one last; empty with the pen up.
    pub(crate) trail: Vec<Vertex>,
    /// The vertices of `trail` as a bit set, for O(1) "is this on the trail" questions.
    pub(crate) trail_mask: u128,
    pub(crate) stuck_left: u32,
    pub(crate) mud_casts: u32,
    pub(crate) death: Option<DeathCause>,
}

impl Player {
    pub(crate) fn new(pos: Vertex, death: Option<DeathCause>) -> Player {
        Player {
            pos,
            pen_down: false,
            trail: Vec::new(),
            trail_mask: 0,
            stuck_left: 0,
            mud_casts: 0,
            death,
        }
    }

    /// Where the player stands (or died).
    pub fn pos(&self) -> Vertex {
        self.pos
    }
    pub fn is_alive(&self) -> bool {
        self.death.is_none()
    }
    /// Pen down (drawing). Always false for a dead player.
    pub fn pen_down(&self) -> bool {
        self.pen_down
    }
    /// The open trail, first vertex where the pen went down, current vertex last.
    pub fn trail(&self) -> &[Vertex] {
        &self.trail
    }
    /// The open trail as a vertex bit set (`Vertex::bit`).
    pub fn trail_mask(&self) -> u128 {
        self.trail_mask
    }
    pub fn on_trail(&self, v: Vertex) -> bool {
        v.on_board() && self.trail_mask & v.bit() != 0
    }
    /// Turns still lost to mud, as `[STATUS]` reports it (5, 4, 3, 2, 1, then 0).
    pub fn stuck_left(&self) -> u32 {
        self.stuck_left
    }
    pub fn mud_casts(&self) -> u32 {
        self.mud_casts
    }
    pub fn death(&self) -> Option<DeathCause> {
        self.death
    }

    pub(crate) fn push_trail(&mut self, v: Vertex) {
        self.trail.push(v);
        self.trail_mask |= v.bit();
    }

    pub(crate) fn lift_pen(&mut self) {
        self.pen_down = false;
        self.trail.clear();
        self.trail_mask = 0;
    }

    pub(crate) fn kill(&mut self, cause: DeathCause) {
        self.death = Some(cause);
        self.lift_pen();
    }
}

/// One captured region: a set of cells with an owner, created in one capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Ids are 0, 1, 2, ... in creation order.
    pub id: usize,
    pub owner: usize,
    /// The turn whose settlement created the region (the last turn for the survivor's bonus).
    pub turn: u32,
    pub area: usize,
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) players: Vec<Player>,
    /// Region id of each cell (`y * 10 + x`), `NO_REGION` when unowned.
    pub(crate) cells: [u8; CELL_COUNT],
    /// The owned cells as a mask (kept with `cells`, for cheap unowned-land questions).
    pub(crate) owned: u128,
    pub(crate) regions: Vec<Region>,
    /// Remaining turns of the trap on each vertex (`Vertex::index`), 0 = none.
    pub(crate) traps: [u8; VERTICES],
    pub(crate) turn: u32,
    pub(crate) finished: bool,
}

impl Game {
    /// A new game; one entry per seat (2 to 4), `None` or an off-board vertex for a seat whose
    /// `[POS]` answer was unusable: it is dead from the start (`BadStart`), reported at
    /// [`NOWHERE`].
    pub fn new(starts: &[Option<Vertex>]) -> Game {
        assert!(
            (2..=4).contains(&starts.len()),
            "a game has 2 to 4 seats, not {}",
            starts.len()
        );
        let players = starts
            .iter()
            .map(|start| match start {
                Some(v) if v.on_board() => Player::new(*v, None),
                _ => Player::new(NOWHERE, Some(DeathCause::BadStart)),
            })
            .collect();
        Game {
            players,
            cells: [NO_REGION; CELL_COUNT],
            owned: 0,
            regions: Vec::new(),
            traps: [0; VERTICES],
            turn: 0,
            finished: false,
        }
    }

    pub fn seats(&self) -> usize {
        self.players.len()
    }

    /// This game as a four-seat table sees it, which is what a bot rebuilds from `[STATUS]`:
    /// each seat beyond this game's is dead from the start at [`NOWHERE`], exactly like a seat
    /// whose `[POS]` was unusable (the two cannot be told apart, and play the same). A
    /// four-seat game is returned unchanged.
    pub fn padded(&self) -> Game {
        let mut table = self.clone();
        while table.players.len() < TABLE_SEATS {
            table
                .players
                .push(Player::new(NOWHERE, Some(DeathCause::BadStart)));
        }
        table
    }
    /// Turns played so far.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn player(&self, seat: usize) -> &Player {
        &self.players[seat]
    }
    pub fn alive_count(&self) -> usize {
        self.players.iter().filter(|p| p.is_alive()).count()
    }
    /// Seats still alive, ascending.
    pub fn alive_seats(&self) -> Vec<usize> {
        (0..self.seats())
            .filter(|&s| self.players[s].is_alive())
            .collect()
    }

    /// Region id of cell `(x, y)`; `None` when unowned or off the board.
    pub fn region_of(&self, x: i32, y: i32) -> Option<usize> {
        cell_index(x, y).and_then(|i| self.region_at(i))
    }
    /// Region id of the cell with index `y * 10 + x`.
    pub fn region_at(&self, cell: usize) -> Option<usize> {
        match self.cells[cell] {
            NO_REGION => None,
            id => Some(id as usize),
        }
    }
    /// Owner of cell `(x, y)`.
    pub fn owner_of(&self, x: i32, y: i32) -> Option<usize> {
        self.region_of(x, y).map(|r| self.regions[r].owner)
    }
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }
    /// Cells of region `id`, row-major.
    pub fn region_cells(&self, id: usize) -> Vec<(i32, i32)> {
        (0..CELL_COUNT)
            .filter(|&i| self.cells[i] as usize == id)
            .map(cell_of_index)
            .collect()
    }
    /// Areas of `seat`'s regions, in creation order.
    pub fn areas(&self, seat: usize) -> Vec<usize> {
        self.regions
            .iter()
            .filter(|r| r.owner == seat)
            .map(|r| r.area)
            .collect()
    }
    /// Mask of the unowned cells (bit `y * 10 + x`).
    pub fn unowned_mask(&self) -> u128 {
        ALL_CELLS & !self.owned
    }
    pub fn unowned_count(&self) -> usize {
        CELL_COUNT - self.owned.count_ones() as usize
    }

    /// Remaining turns of the trap at `v` (0 = no trap).
    pub fn trap_at(&self, v: Vertex) -> u32 {
        if v.on_board() {
            self.traps[v.index()] as u32
        } else {
            0
        }
    }
    /// Every trap with its remaining turns, ordered by `x`, then `y` (the `[STATUS]` order).
    pub fn traps(&self) -> Vec<(Vertex, u32)> {
        let mut traps: Vec<(Vertex, u32)> = Vertex::all()
            .filter(|v| self.traps[v.index()] > 0)
            .map(|v| (v, self.traps[v.index()] as u32))
            .collect();
        traps.sort_by_key(|&(v, _)| (v.x, v.y));
        traps
    }

    /// Rulings §8, checked at the start of a turn: at most one player alive, 100 turns played,
    /// or no unowned cell left (or `finish` already called).
    pub fn is_over(&self) -> bool {
        self.finished
            || self.alive_count() <= 1
            || self.turn >= MAX_TURNS
            || self.unowned_count() == 0
    }

    /// Gives `owner` the unowned cells among `cells`, one new region per 4-connected group,
    /// and returns the new region ids with their cells (row-major).
    pub(crate) fn claim(&mut self, owner: usize, cells: u128) -> Vec<(usize, Vec<(i32, i32)>)> {
        let free = cells & self.unowned_mask();
        self.owned |= free;
        let mut created = Vec::new();
        for group in capture::components(free) {
            let id = self.regions.len();
            let mut list = Vec::new();
            for cell in capture::cells(group) {
                self.cells[cell] = id as u8;
                list.push(cell_of_index(cell));
            }
            self.regions.push(Region {
                id,
                owner,
                turn: self.turn,
                area: list.len(),
            });
            created.push((id, list));
        }
        created
    }

    // ---- Set-up helpers for hand-built positions: tests and benches only. ----

    /// Gives `owner` the unowned cells among `cells` as one region per 4-connected group,
    /// created "now" (at the current turn); returns the new region ids.
    #[cfg(any(test, feature = "test-support"))]
    pub fn add_region(&mut self, owner: usize, cells: &[(i32, i32)]) -> Vec<usize> {
        let mask = cells.iter().fold(0u128, |m, &(x, y)| {
            m | 1u128 << cell_index(x, y).expect("cell on the board")
        });
        self.claim(owner, mask)
            .into_iter()
            .map(|(id, _)| id)
            .collect()
    }

    /// Puts a trap with `left` remaining turns at `v` (0 removes it).
    #[cfg(any(test, feature = "test-support"))]
    pub fn set_trap(&mut self, v: Vertex, left: u32) {
        self.traps[v.index()] = left.min(u8::MAX as u32) as u8;
    }

    /// Sets `seat`'s remaining stuck turns.
    #[cfg(any(test, feature = "test-support"))]
    pub fn set_stuck(&mut self, seat: usize, left: u32) {
        self.players[seat].stuck_left = left;
    }
}
