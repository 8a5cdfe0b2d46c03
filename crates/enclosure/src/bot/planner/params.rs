//! The planner's knobs. Every one can be set (`builtin:ours` in the arena reads them by name
//! from `ENCLOSURE_PARAMS`); the defaults are the best measured (`benches/README.md`).

/// The knobs of the strategy, grouped by the decision they steer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    // How soon opponents can stand on a vertex (the threat map, `threats`).
    /// A pen-up opponent's threat is at face value this close to it, hunter or not.
    pub near_hard: u32,
    /// Turns added to a drawing opponent's threat outside the zone its trail implies
    /// (`forecast::drawer_zone`), and to a pen-up opponent not shown to be a hunter or a
    /// bystander: drawers are busy closing, walkers rarely come straight at us.
    pub forecast_slack: u32,
    /// Margin of the drawer's zone, in vertices; `forecast::TIGHT_MARGIN` instead while three
    /// opponents live, for a drawer never seen leaving its tight zone (`model::Record::left_zone`).
    pub zone_margin: i32,
    /// A pen-up opponent's chase estimate (`model::Record::chase_percent`, the share of its
    /// chances to cut a trail that it took), once trusted (`model::Record::chase_known`):
    /// above `hunter_ratio` percent it is a hunter: its threat counts at face value
    /// everywhere. At most `bystander_ratio` percent it is a bystander: it is
    /// `bystander_slack` turns late beyond `near_hard`.
    pub hunter_ratio: u32,
    pub bystander_ratio: u32,
    pub bystander_slack: u32,
    /// An opponent that has not moved once in the game, after this many turns, is treated as
    /// `still_bonus` turns slower (`still_bonus` 0: never). Only never-moved players: one that
    /// paused and then hunts would catch us.
    pub still_after: u32,
    pub still_bonus: u32,

    // What a loop is worth.
    /// Value of a kill by enclosure, in squared cells.
    pub kill_bonus: u32,
    /// Added to the turns of every plan: larger values favour bigger loops.
    pub turn_overhead: u32,
    /// Pen down in a duel: keep drawing the way home chosen last turn while it still wins
    /// the race and is worth at least this many percent of the best one per turn (0:
    /// re-plan freely every turn, as always while two or more opponents live).
    pub keep_plan: u32,

    // Pen down: the ways home searched (`grow`).
    /// Every closing path of up to this many steps is searched for the one worth most per
    /// turn of the loop that still wins the race.
    pub grow_horizon: u32,
    /// Vertex visits that search may make in one turn (work, not time: games replay the same).
    pub grow_budget: u32,

    // Pen up: chases.
    /// Walk to an opponent's trail when we can be there at most this many turns after its
    /// earliest possible closing minus one (0: only sure kills).
    pub hunt_slack: u32,
    /// Longest walk to a hunted trail.
    pub hunt_reach: u32,
    /// Chase a drawer within `hunt_reach` however late we would arrive when its loop, closed
    /// now, would already take at least this much (squared cells, `closing::best_capture`):
    /// a drawer that sees us coming closes early, one that does not is cut (0: never).
    pub press_value: u32,
    /// Against an opponent that has escaped our chases (`model::Record::escapes_chases`), use
    /// `escaped_slack` instead of `hunt_slack`: long chases of it are loops not drawn (set it
    /// to `hunt_slack` to chase every opponent alike).
    pub escaped_slack: u32,

    // Thinking (`think`).
    /// Simulated futures per plan judged (0: the fixed rules alone).
    pub playouts: u32,
    /// Plans judged per turn, and the turns by which they may lose the race.
    pub think_plans: usize,
    pub think_risk: u32,
    /// `think_risk` while two or more opponents live: each of them may cut a bold loop (0:
    /// thinking then weighs only plans that win the race).
    pub crowd_risk: u32,
    /// What being cut costs besides the loop, in squared cells, with `threats::STAKE_TURNS`
    /// turns left (in proportion to the turns left; in a duel plus half the unowned cells
    /// squared: the survivor gains them all).
    pub death_stake: u32,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            near_hard: 3,
            forecast_slack: 5,
            zone_margin: 2,
            hunter_ratio: 75,
            bystander_ratio: 50,
            bystander_slack: 12,
            still_after: 6,
            still_bonus: 10,
            kill_bonus: 60,
            turn_overhead: 2,
            keep_plan: 75,
            grow_horizon: 10,
            grow_budget: 20_000,
            hunt_slack: 4,
            hunt_reach: 12,
            press_value: 25,
            escaped_slack: 2,
            playouts: 32,
            think_plans: 6,
            think_risk: 3,
            crowd_risk: 0,
            death_stake: 300,
        }
    }
}
