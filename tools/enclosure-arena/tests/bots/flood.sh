# Answers [START], and again, and again... as fast as it can, never stopping.
read line; yes '[POS] 1 1'
