# Answers every request twice: the second line arrives unasked. Both lines go
# out in one write, so the extra one is already in the pipe when the referee
# reads the first; with two writes a busy machine could hold the second back
# past the next request in every turn of the game (seen at load 6 on 2 cores).
read line; echo "[POS] 9 1"
while read line; do printf '[ACTION] s 0\n[ACTION] s 0\n'; done
