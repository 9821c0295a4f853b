Content-Length: 172

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///f.nv","languageId":"neve","version":1,"text":"main\n    print(\"é😀\", x)\n"}}}Content-Length: 140

{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///f.nv"},"position":{"line":1,"character":99}}}