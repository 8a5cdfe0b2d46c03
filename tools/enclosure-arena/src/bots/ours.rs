//! `builtin:ours`: the submission bot (`enclosure::bot::Planner`, the very code the bundled
//! binary runs) in process, so tournaments need no process per seat. It is deterministic and
//! ignores the seed.
//!
//! For tuning, `ENCLOSURE_PARAMS="forecast_slack=6,near_hard=2"` overrides the named knobs of
//! `Params`, every one by its field's name; an unknown name or bad number stops the program
//! with a message.

use enclosure::bot::{Params, Planner};

use super::{knobs, Builtin, StrategyBot};

pub const BUILTIN: Builtin = Builtin {
    name: "ours",
    about: "the submission bot (loops grown by the race and weighed by playouts, chases, guards a lead), in process",
    make: |_seed| Box::new(StrategyBot::new("ours", planner(false))),
};

/// `builtin:ours-rules`: the same bot by its rules alone, as `ENCLOSURE_PARAMS` with
/// `playouts=0` would make it; `series --rules-alone` plays it beside `builtin:ours`.
pub const BUILTIN_RULES: Builtin = Builtin {
    name: "ours-rules",
    about: "`ours` by its rules alone (no playouts, as `playouts=0`), in process",
    make: |_seed| Box::new(StrategyBot::new("ours-rules", planner(true))),
};

/// The submission bot with the knobs of `ENCLOSURE_PARAMS`, and no playouts if `rules_alone`.
fn planner(rules_alone: bool) -> Planner {
    let params = std::env::var("ENCLOSURE_PARAMS").unwrap_or_default();
    let mut params = tuned(&params).unwrap_or_else(|e| panic!("ENCLOSURE_PARAMS: {e}"));
    if rules_alone {
        params.playouts = 0;
    }
    Planner::with_params(params)
}

/// The default knobs with the `name=value` overrides of `spec` (comma-separated).
fn tuned(spec: &str) -> Result<Params, String> {
    let mut p = Params::default();
    for knob in knobs::overrides::<i64>(spec) {
        let (name, n) = knob?;
        let u = u32::try_from(n).map_err(|_| format!("negative {name}"));
        match name {
            "near_hard" => p.near_hard = u?,
            "forecast_slack" => p.forecast_slack = u?,
            "zone_margin" => p.zone_margin = n as i32,
            "hunter_ratio" => p.hunter_ratio = u?,
            "bystander_ratio" => p.bystander_ratio = u?,
            "bystander_slack" => p.bystander_slack = u?,
            "still_after" => p.still_after = u?,
            "still_bonus" => p.still_bonus = u?,
            "kill_bonus" => p.kill_bonus = u?,
            "turn_overhead" => p.turn_overhead = u?,
            "keep_plan" => p.keep_plan = u?,
            "grow_horizon" => p.grow_horizon = u?,
            "grow_budget" => p.grow_budget = u?,
            "hunt_slack" => p.hunt_slack = u?,
            "hunt_reach" => p.hunt_reach = u?,
            "press_value" => p.press_value = u?,
            "escaped_slack" => p.escaped_slack = u?,
            "playouts" => p.playouts = u?,
            "think_plans" => p.think_plans = u? as usize,
            "think_risk" => p.think_risk = u?,
            "crowd_risk" => p.crowd_risk = u?,
            "death_stake" => p.death_stake = u?,
            other => return Err(format!("unknown knob {other:?}")),
        }
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knobs_are_overridden_by_name() {
        let p = tuned("forecast_slack=6, near_hard=2, zone_margin=-1").unwrap();
        assert_eq!((p.forecast_slack, p.near_hard, p.zone_margin), (6, 2, -1));
        assert_eq!(tuned("").unwrap(), Params::default());
        assert!(tuned("speed=3").is_err() && tuned("near_hard=x").is_err());
        assert!(tuned("near_hard=-1").is_err());
    }

    #[test]
    fn every_knob_can_be_set() {
        // Naming every field: a knob added to `Params` fails to compile here until it is
        // listed, and then fails the test until `tuned` reads it.
        let Params {
            near_hard: _,
            forecast_slack: _,
            zone_margin: _,
            hunter_ratio: _,
            bystander_ratio: _,
            bystander_slack: _,
            still_after: _,
            still_bonus: _,
            kill_bonus: _,
            turn_overhead: _,
            keep_plan: _,
            grow_horizon: _,
            grow_budget: _,
            hunt_slack: _,
            hunt_reach: _,
            press_value: _,
            escaped_slack: _,
            playouts: _,
            think_plans: _,
            think_risk: _,
            crowd_risk: _,
            death_stake: _,
        } = Params::default();
        let names = [
            "near_hard",
            "forecast_slack",
            "zone_margin",
            "hunter_ratio",
            "bystander_ratio",
            "bystander_slack",
            "still_after",
            "still_bonus",
            "kill_bonus",
            "turn_overhead",
            "keep_plan",
            "grow_horizon",
            "grow_budget",
            "hunt_slack",
            "hunt_reach",
            "press_value",
            "escaped_slack",
            "playouts",
            "think_plans",
            "think_risk",
            "crowd_risk",
            "death_stake",
        ];
        for name in names {
            // 0 turns the two switches off; no default is 0 and 99 at once.
            let changed = [0, 99]
                .iter()
                .any(|n| tuned(&format!("{name}={n}")).unwrap() != Params::default());
            assert!(changed, "{name} is not read");
        }
    }
}
