//! What a player asks for in one turn: a direction and a pen flag (`[ACTION] d a`).

use crate::geometry::Dir;

/// The `a` of `[ACTION] d a`: `0` keep the pen as it is, `1` put it down, `-1` cast mud.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PenFlag {
    Keep,
    Down,
    Mud,
}

impl PenFlag {
    /// The protocol number: 0, 1 or -1.
    pub fn code(self) -> i32 {
        match self {
            PenFlag::Keep => 0,
            PenFlag::Down => 1,
            PenFlag::Mud => -1,
        }
    }
}

/// One turn's request of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    pub dir: Dir,
    pub flag: PenFlag,
}

impl Action {
    pub const fn new(dir: Dir, flag: PenFlag) -> Action {
        Action { dir, flag }
    }

    /// `[ACTION] s 0`: do nothing.
    pub const STAY: Action = Action::new(Dir::Stay, PenFlag::Keep);
}

/// Why a player died; `as_str` gives the stable snake_case names used in JSON and replays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeathCause {
    /// Unreadable or malformed output line.
    IllegalOutput,
    /// No answer within the step time limit.
    Timeout,
    /// The program crashed, exited or closed its output.
    Crash,
    /// A move off the board.
    OffBoard,
    /// A move along an edge inside another player's region.
    Trespass,
    /// A move along an edge inside one's own region with the pen down.
    PenDownOwnLand,
    /// With the pen down, a move back onto the previous trail vertex.
    Backwards,
    /// `s -1`: mud while standing still.
    MudWhileStill,
    /// `a = 1` or `a = -1` while the pen is already down.
    PenDownAction,
    /// Standing strictly inside a loop closed by someone (围杀).
    Enclosed,
    /// Someone stood on this player's open trail (打断).
    TrailCut,
    /// Someone stood on this pen-down player's current vertex.
    Collision,
    /// A malformed or off-board `[POS]` answer.
    BadStart,
}

impl DeathCause {
    pub const ALL: [DeathCause; 13] = [
        DeathCause::IllegalOutput,
        DeathCause::Timeout,
        DeathCause::Crash,
        DeathCause::OffBoard,
        DeathCause::Trespass,
        DeathCause::PenDownOwnLand,
        DeathCause::Backwards,
        DeathCause::MudWhileStill,
        DeathCause::PenDownAction,
        DeathCause::Enclosed,
        DeathCause::TrailCut,
        DeathCause::Collision,
        DeathCause::BadStart,
    ];

    pub fn as_str(&self) -> &'static str {
        match self {
            DeathCause::IllegalOutput => "illegal_output",
            DeathCause::Timeout => "timeout",
            DeathCause::Crash => "crash",
            DeathCause::OffBoard => "off_board",
            DeathCause::Trespass => "trespass",
            DeathCause::PenDownOwnLand => "pen_down_own_land",
            DeathCause::Backwards => "backwards",
            DeathCause::MudWhileStill => "mud_while_still",
            DeathCause::PenDownAction => "pen_down_action",
            DeathCause::Enclosed => "enclosed",
            DeathCause::TrailCut => "trail_cut",
            DeathCause::Collision => "collision",
            DeathCause::BadStart => "bad_start",
        }
    }

    /// The cause named `name` by [`DeathCause::as_str`].
    pub fn from_name(name: &str) -> Option<DeathCause> {
        DeathCause::ALL.into_iter().find(|c| c.as_str() == name)
    }

    /// Whether the death happens before anyone moves (rulings §7 steps 0 and 1): the
    /// player stays where it stood and takes no part in the rest of the turn.
    pub fn is_before_moves(self) -> bool {
        !matches!(
            self,
            DeathCause::Enclosed | DeathCause::TrailCut | DeathCause::Collision
        )
    }
}

impl std::fmt::Display for DeathCause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
