// Neve for VS Code: starts the language server neve-lsp over stdio for .nv
// files. Highlighting and indentation come from package.json alone; the
// server needs `npm install` in this folder (vscode-languageclient).
'use strict';
const vscode = require('vscode');

let client;

async function startServer() {
  let lc;
  try {
    lc = require('vscode-languageclient/node');
  } catch (e) {
    vscode.window.showWarningMessage(
      'Neve: vscode-languageclient is missing (run `npm install` in the extension folder); ' +
      'highlighting works, the language server does not.');
    return;
  }
  const command = vscode.workspace.getConfiguration('neve').get('serverPath') || 'neve-lsp';
  const server = { command, transport: lc.TransportKind.stdio };
  client = new lc.LanguageClient('neve', 'Neve language server', server, {
    documentSelector: [{ scheme: 'file', language: 'neve' }],
  });
  try {
    await client.start();
  } catch (err) {
    vscode.window.showErrorMessage(
      `Neve: could not start '${command}' (set neve.serverPath): ${err && err.message}`);
  }
}

async function stopServer() {
  if (client) {
    const c = client;
    client = undefined;
    try {
      await c.stop();
    } catch (e) {
      // It never started, or has already stopped.
    }
  }
}

async function activate(context) {
  const restart = async () => { await stopServer(); await startServer(); };
  context.subscriptions.push(
    vscode.commands.registerCommand('neve.restartServer', restart),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('neve.serverPath')) restart();
    }));
  await startServer();
}

function deactivate() {
  return stopServer();
}

module.exports = { activate, deactivate };
