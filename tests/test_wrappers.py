"""Higher-order Python the value-flow layer sees through, on code that names no library: a decorated
def is bound to what its decorator returns (a wrapper, an instance), a wrapper's `*args, **kwargs`
reach the function it wraps, and a function kept in a dict or a list receives what the call of the
entry passes. `probe(<expr>)` says what its argument holds: kind, line, column, conditions."""

from __future__ import annotations

import ast
import textwrap

from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.tips import NO_TIPS


def probe(source: str) -> list[tuple[str, int | None, int | None, tuple[str, ...]]]:
    doc = Document(textwrap.dedent(source))
    ctx = Context(doc, doc.chunks(("",)), NO_TIPS)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    return [(v.kind, v.line, getattr(v.node, "col_offset", None), v.when) for v in ctx.values(call.args[0])]


TIMED = """
import functools

def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper

@timed
def train(cfg, steps=3):
    probe({probe})

{calls}
"""


def timed(probed: str, calls: str) -> str:
    return TIMED.replace("{probe}", probed).replace("{calls}", calls)


# --- decorators -----------------------------------------------------------------------------------
def test_a_decorated_name_holds_the_wrapper_its_decorator_returns():
    assert probe(timed("cfg", "probe(train)")) == [("function", 6, 4, ())]  # `wrapper`, not `train`


def test_the_wrappers_star_arguments_reach_the_wrapped_function():
    assert probe(timed("cfg", "train([1], steps=5)")) == [("list", 14, 6, ())]
    assert probe(timed("steps", "train([1], steps=5)")) == [("number", 14, 17, ())]
    assert probe(timed("steps", "train([1])")) == [("number", 11, 21, ())]  # the default where no call gives it
    assert probe(timed("cfg", "train([1])\ntrain({2})")) == [
        ("list", 14, 6, ("when called at line 14",)), ("set", 15, 6, ("when called at line 15",))]


def test_the_wrappers_star_arguments_fill_the_wrapped_function_s_own_star_parameter():
    source = timed("objects", "train([1], {2}, (3,))").replace("def train(cfg, steps=3):", "def train(cfg, *objects):")
    assert probe(source) == [("tuple", 14, 0, ())]  # the call's items past `cfg`, at the call
    second = timed("objects[1]", "train([1], {2}, (3,))").replace("def train(cfg, steps=3):", "def train(cfg, *objects):")
    assert probe(second) == [("tuple", 14, 16, ())]  # `(3,)`: `{2}` is the first


def test_a_wrapped_name_read_otherwise_than_called_keeps_the_wrapper_s_call():
    # `functools.partial(train, [1])`: the partial calls the wrapper, whose `fn(*args, **kwargs)` calls `train`
    source = timed("cfg", "import functools\nstep = functools.partial(train, [1])\nstep()")
    assert probe(source) == [("list", 15, 32, ())]


def test_a_wrapper_that_drops_or_adds_arguments_passes_what_it_writes():
    source = """
        def with_defaults(fn):
            def wrapper(cfg):
                return fn(cfg, {"lr": 0.1})
            return wrapper

        @with_defaults
        def train(cfg, options):
            probe(options)

        train([1])
    """
    assert probe(source) == [("dict", 4, 23, ())]
    assert probe(source.replace("probe(options)", "probe(cfg)")) == [("list", 11, 6, ())]
    dropped = source.replace("fn(cfg, {\"lr\": 0.1})", "fn()").replace("probe(options)", "probe(cfg)")
    assert probe(dropped) == [("unknown", 8, 10, ())]  # the wrapper passes nothing: no value reaches `cfg`


def test_a_decorator_factory_is_called_then_applied():
    assert probe("""
        def retry(times):
            def decorate(fn):
                def wrapper(*args, **kwargs):
                    for _ in range(times):
                        out = fn(*args, **kwargs)
                    return out
                return wrapper
            return decorate

        @retry(3)
        def train(cfg):
            probe(cfg)

        train(cfg={"a": 1})
    """) == [("dict", 15, 10, ())]


def test_a_class_decorator_makes_an_instance_whose_call_runs_the_function():
    source = """
        class Timed:
            def __init__(self, fn):
                self.fn = fn

            def __call__(self, *args, **kwargs):
                return self.fn(*args, **kwargs)

        @Timed
        def train(cfg):
            probe(cfg)

        train([2])
    """
    assert probe(source) == [("list", 13, 6, ())]
    assert probe(source.replace("probe(cfg)", "pass").replace("train([2])", "probe(train)")) == [
        ("instance", 9, 1, ())]


def test_a_registering_decorator_returns_the_function_itself():
    assert probe("""
        REGISTRY = {}

        def register(name):
            def add(fn):
                REGISTRY[name] = fn
                return fn
            return add

        @register("train")
        def train(cfg):
            pass

        probe(train)
    """) == [("function", 11, 0, ())]


def test_a_decorator_the_file_cannot_read_leaves_the_function_as_written():
    assert probe("""
        import functools
        from somewhere import cached

        @cached
        @functools.lru_cache(maxsize=None)
        def train(cfg):
            probe(cfg)

        train([1])
    """) == [("list", 10, 6, ())]


# --- functions kept in containers -----------------------------------------------------------------
def test_an_entry_of_a_dict_of_functions_receives_the_call_of_the_entry():
    assert probe("""
        def train_step(state, batch):
            probe(batch)

        def eval_step(state, batch):
            pass

        STEPS = {"train": train_step, "eval": eval_step}

        def run(state, mode):
            STEPS[mode](state, [1, 2])
    """) == [("list", 11, 23, ())]


def test_each_function_of_a_list_iterated_receives_the_loops_call():
    hooks = """
        def log_loss(state, step):
            probe(step)

        def save(state, step):
            pass

        HOOKS = [log_loss, save]

        def run(state):
            for hook in HOOKS:
                hook(state, 3)
    """
    assert probe(hooks) == [("number", 12, 20, ())]
    by_name = hooks.replace("HOOKS = [log_loss, save]", "HOOKS = {'log': log_loss, 'save': save}") \
        .replace("in HOOKS:", "in HOOKS.values():")
    assert probe(by_name) == [("number", 12, 20, ())]
    keys = hooks.replace("HOOKS = [log_loss, save]", "HOOKS = {'log': log_loss, 'save': save}")
    assert probe(keys) == [("unknown", 2, 20, ())]  # iterating a dict gives its keys, not its functions


def test_a_registry_a_decorator_fills_by_the_function_s_name_holds_each_function_under_it():
    source = """
        MODELS = {}

        def register_model(fn):
            MODELS[fn.__name__] = fn
            return fn

        @register_model
        def tiny():
            return [1]

        @register_model
        def big():
            return {2}

        probe(MODELS[{key}])
    """
    assert probe(source.replace("{key}", '"tiny"')) == [("function", 9, 0, ())]
    assert probe(source.replace("{key}", '"big"')) == [("function", 13, 0, ())]


def test_the_name_of_a_def_is_its_name_but_a_wraps_wrapper_s():
    source = """
        import functools

        def tiny():
            return [1]

        def traced(fn):
            @functools.wraps(fn)
            def wrapper():
                return fn()
            return wrapper

        probe({expr})
    """
    assert probe(source.replace("{expr}", "tiny.__name__")) == [("str", 13, 6, ())]
    assert [kind for kind, *_ in probe(source.replace("{expr}", "traced(tiny).__name__"))] == ["unknown"]
