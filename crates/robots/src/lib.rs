//! Robots (POJ 1098, ZOJ 1065, BOJ 7357) (work in progress).
