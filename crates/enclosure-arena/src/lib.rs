//! Enclosure referee, baseline bots, tournaments and replays (work in progress).
