Content-Length: 28

{"jsonrpc":"2.0","result":1}Content-Length: 50

{"jsonrpc":"2.0","error":{"code":1,"message":"x"}}Content-Length: 43

{"jsonrpc":"2.0","id":true,"method":"exit"}