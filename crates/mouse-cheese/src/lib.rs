//! Game - Mouse and Cheese (UVa 11818) (work in progress).
