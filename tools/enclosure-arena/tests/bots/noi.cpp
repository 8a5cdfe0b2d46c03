// A bot in the NOI 2013 style: C++, scanf on the fixed four-player [STATUS]
// (20 seat numbers, nTraps, 3 per trap), no idea how many seats really play.
// Walks right along its row while it can, then stays. Exits at end of input.
#include <cstdio>
#include <cstring>
int main() {
    char tag[32];
    int me;
    if (scanf("%31s %d", tag, &me) != 2) return 0;
    printf("[POS] 0 %d\n", 2 + 2 * me);
    fflush(stdout);
    while (scanf("%31s", tag) == 1 && strcmp(tag, "[STATUS]") == 0) {
        int x[4], y[4], st[4], tl[4], sd[4], n;
        for (int i = 0; i < 4; i++) scanf("%d %d %d %d %d", &x[i], &y[i], &st[i], &tl[i], &sd[i]);
        scanf("%d", &n);
        for (int i = 0; i < n; i++) { int a, b, c; scanf("%d %d %d", &a, &b, &c); }
        printf("[ACTION] %c 0\n", x[me] < 9 ? 'r' : 's');
        fflush(stdout);
    }
    return 0;
}
