Content-Length: 52

{"jsonrpc":"2.0","id":{"a":1},"method":"initialize"}