Content-Length: 100000000000

Content-Length: 44

{"jsonrpc":"2.0","id":1,"method":"shutdown"}