# Answers [START], then exits with an error at the first [STATUS].
read line; echo "[POS] 5 5"
read line; exit 3
