# Asks to be born off the board.
read line; echo "[POS] 11 3"
while read line; do echo "[ACTION] s 0"; done
