Content-Length: 107

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}Content-Length: 327

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///fuzz/doc.nv","languageId":"neve","version":1,"text":"class Point\n    float x\n    float y\n\ndef float norm2(Point p)\n    return p.x * p.x + p.y * p.y\n\nmain\n    Point p = new Point()\n    p.x = 3.0\n    print(norm2(p))\n    p.\n"}}}Content-Length: 148

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///fuzz/doc.nv"},"position":{"line":10,"character":10}}}Content-Length: 153

{"jsonrpc":"2.0","id":3,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///fuzz/doc.nv"},"position":{"line":10,"character":11}}}Content-Length: 119

{"jsonrpc":"2.0","id":4,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///fuzz/doc.nv"}}}Content-Length: 152

{"jsonrpc":"2.0","id":5,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///fuzz/doc.nv"},"position":{"line":11,"character":6}}}Content-Length: 176

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///fuzz/doc.nv","version":2},"contentChanges":[{"text":"main\n    print(1 <| 32)\n"}]}}Content-Length: 106

{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///fuzz/doc.nv"}}}Content-Length: 44

{"jsonrpc":"2.0","id":6,"method":"shutdown"}Content-Length: 33

{"jsonrpc":"2.0","method":"exit"}