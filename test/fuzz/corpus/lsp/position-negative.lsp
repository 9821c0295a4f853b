Content-Length: 107

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}Content-Length: 327

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///fuzz/doc.nv","languageId":"neve","version":1,"text":"class Point\n    float x\n    float y\n\ndef float norm2(Point p)\n    return p.x * p.x + p.y * p.y\n\nmain\n    Point p = new Point()\n    p.x = 3.0\n    print(norm2(p))\n    p.\n"}}}Content-Length: 148

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///fuzz/doc.nv"},"position":{"line":-1,"character":-1}}}Content-Length: 169

{"jsonrpc":"2.0","id":3,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///fuzz/doc.nv"},"position":{"line":4294967295,"character":4294967295}}}