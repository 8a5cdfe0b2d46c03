# Answers every request twice: the second line arrives unasked.
read line; echo "[POS] 9 1"
while read line; do echo "[ACTION] s 0"; echo "[ACTION] s 0"; done
