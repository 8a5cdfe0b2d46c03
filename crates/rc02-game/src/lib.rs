//! [RC-02] game (Luogu P6050) (work in progress).
