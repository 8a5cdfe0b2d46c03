//! Curling 2.0 (POJ 3009, AOJ 1144) (work in progress).
