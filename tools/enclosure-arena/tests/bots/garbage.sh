# Answers [START], then prints something that is not an [ACTION] line.
read line; echo "[POS] 7 3"
read line; echo "hello referee"
sleep 30
