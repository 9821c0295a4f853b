Content-Length: 30

{"id":1,"method":"initialize"}Content-Length: 44

{"jsonrpc":"1.0","id":2,"method":"shutdown"}Content-Length: 33

{"jsonrpc":"2.0","method":"exit"}