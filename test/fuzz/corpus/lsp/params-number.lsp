Content-Length: 107

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}Content-Length: 60

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":5}Content-Length: 114

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":5},"position":{"line":"a"}}}