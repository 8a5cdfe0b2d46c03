//! `builtin:ours-sim`: the competing submission strategy `enclosure::bot::sim::Reactive`
//! (big loops kept safe by always keeping a way out, chosen by simulating that policy against
//! a fitted model of each opponent), in process. Deterministic; it ignores the seed.
//!
//! For tuning, `ENCLOSURE_SIM_PARAMS="max_side=6,hunt_slack=2"` overrides the named knobs of
//! `ReactiveParams` (an unknown name or bad number stops the program with a message).

use enclosure::bot::sim::{Reactive, ReactiveParams};
use enclosure::bot::Strategy as _;
use enclosure::{Action, Game, Vertex};

use super::{knobs, Builtin, Strategy, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "ours-sim",
    about: "submission candidate: big loops that always keep a safe way out, chosen by simulation",
    make: |_seed| {
        let params = std::env::var("ENCLOSURE_SIM_PARAMS").unwrap_or_default();
        let params = tuned(&params).unwrap_or_else(|e| panic!("ENCLOSURE_SIM_PARAMS: {e}"));
        Box::new(StrategyBot::new(
            "ours-sim",
            OursSim(Reactive::with_params(params)),
        ))
    },
};

/// The default knobs with the `name=value` overrides of `spec` (comma-separated).
fn tuned(spec: &str) -> Result<ReactiveParams, String> {
    let mut p = ReactiveParams::default();
    for knob in knobs::overrides::<u32>(spec) {
        let (name, n) = knob?;
        match name {
            "max_side" => p.max_side = n as i32,
            "max_travel" => p.max_travel = n,
            "hunt_slack" => p.hunt_slack = n,
            "hunt_reach" => p.hunt_reach = n,
            "prior_approach" => p.prior_approach = n,
            "min_approach" => p.min_approach = n,
            "busy_weight" => p.busy_weight = n,
            "safe_busy_weight" => p.safe_busy_weight = n,
            "overhead" => p.overhead = n,
            "kill_bonus" => p.kill_bonus = n,
            other => return Err(format!("unknown knob {other:?}")),
        }
    }
    Ok(p)
}

/// Adapts the engine crate's strategy trait to the arena's (same shape).
pub struct OursSim(pub Reactive);

impl Strategy for OursSim {
    fn start(&mut self, seat: usize) -> Vertex {
        self.0.start(seat)
    }

    fn act(&mut self, seat: usize, game: &Game) -> Action {
        self.0.act(seat, game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knobs_are_overridden_by_name() {
        let p = tuned("max_side=6, hunt_slack=2").unwrap();
        assert_eq!((p.max_side, p.hunt_slack), (6, 2));
        assert_eq!(tuned("").unwrap(), ReactiveParams::default());
        assert!(tuned("speed=3").is_err() && tuned("max_side=x").is_err());
    }
}
