# Answers [START], then prints an endless line that never ends in a newline.
read line; echo "[POS] 1 9"
read line; yes x | tr -d '\n'
