"""Bytecode for the pages' bundles, compiled inside the vendored Pyodide (build/precompile.mjs runs this
file there, so the .pyc files carry the browser's magic number; tests import it in CPython).

Docstrings are left out: nothing in a page reads them, and they were about a tenth of the bundle's bytes
and of the strings a snapshot holds. Line numbers stay, so a traceback still points at the source."""

import ast
import importlib.util
import io
import marshal
import tokenize

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED) or not node.body:
            continue
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def pyc(source: str, path: str) -> bytes:
    """A sourceless .pyc: magic number, flags (0: timestamp-based), mtime and size unused, then the code."""
    code = compile(without_docstrings(ast.parse(source, path)), path, "exec", dont_inherit=True)
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)


def lean_source(source: str, path: str) -> str:
    """The pages' standard library (build/site.py): a module's source without its comments and docstrings,
    each line where it was (a traceback's line numbers stay right). Sources, not bytecode: about 40% fewer
    bytes than the .pyc files, which carry their line tables, and only a first visit compiles them (the
    snapshot holds them compiled). A docstring becomes "", so __doc__ is "" where it was text."""
    lines = source.splitlines(keepends=True)
    cuts = []  # (line, start column, end line, end column), last first so earlier positions hold
    for node in ast.walk(ast.parse(source, path)):
        if isinstance(node, DOCUMENTED) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                cuts.append((first.lineno, first.col_offset, first.end_lineno, first.end_col_offset, '""'))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and token.start[0] > 2:  # (lines 1-2 may name the encoding)
            cuts.append((*token.start, *token.end, ""))
    for line, column, end_line, end_column, stand_in in sorted(cuts, reverse=True):
        text = lines[line - 1][:column] + stand_in + lines[end_line - 1][end_column:]
        lines[line - 1:end_line] = [text] + ["\n"] * (end_line - line)
    return "".join(lines)
