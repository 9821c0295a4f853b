Content-Length: 24

{"jsonrpc":"2.0","id":1}Content-Length: 38

{"jsonrpc":"2.0","id":2,"result":null}