//! Enclosure (NOI 2013 team contest): rules engine and bot (work in progress).
