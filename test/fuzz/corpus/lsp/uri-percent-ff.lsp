Content-Length: 107

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}Content-Length: 197

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///fuzz/dir%FF/a%FF.nv","languageId":"neve","version":1,"text":"import b%FF\nmain\n    print(\"\u00e9\")\n"}}}