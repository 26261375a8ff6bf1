"""No import circle in game_core/ or the page's glue (web/app.py, web/glue/): each module's imports,
read from its source, make a graph that must have no cycle. The glue is a one-way stack (docs/architecture.md):
a lower module that must make a higher one act is given a callback, it never imports it."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def modules() -> dict:
    """Module name -> its source file: game_core.* (by path), glue.* and app (web/, as the page imports them)."""
    found = {}
    for path in (ROOT / "game_core").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    for path in (ROOT / "web").rglob("*.py"):
        parts = path.relative_to(ROOT / "web").with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: pathlib.Path, known: dict) -> set:
    """The known modules `name` imports anywhere in its source (inside functions too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            for alias in node.names:  # `from p import m`: the module p.m where there is one, else p
                targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {target for target in targets if target in known and target != name}


def graph() -> dict:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(edges: dict) -> list:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_graph_reads_the_glue_and_the_engine():
    edges = graph()
    assert "glue.drawing" in edges["app"] and "game_core.session" in edges["glue.storage"]
    assert "game_core.engine" in edges["game_core.session"]  # (`from .engine import ...`)


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_the_engine_or_the_page_imports_itself_round_a_circle():
    assert cycles(graph()) == []
