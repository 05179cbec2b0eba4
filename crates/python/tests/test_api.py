"""The package's surface: every public name documented, the stubs shipped."""
import inspect
import os

import alphabeta
from alphabeta import _native


def public_members(obj):
    for name, member in inspect.getmembers(obj):
        if not name.startswith("_"):
            yield name, member


def test_every_public_name_has_a_docstring():
    assert alphabeta.__doc__
    missing = []
    for name in alphabeta.__all__:
        obj = getattr(alphabeta, name)
        if not inspect.getdoc(obj):
            missing.append(name)
        if inspect.isclass(obj):
            for member_name, member in public_members(obj):
                if callable(member) or isinstance(inspect.getattr_static(obj, member_name), property):
                    if not inspect.getdoc(member) and not inspect.getdoc(inspect.getattr_static(obj, member_name)):
                        missing.append(f"{name}.{member_name}")
    for name, member in public_members(_native):
        if callable(member) and not inspect.getdoc(member):
            missing.append(f"_native.{name}")
    assert missing == []


def test_the_stubs_and_the_typed_marker_ship_with_the_package():
    folder = os.path.dirname(alphabeta.__file__)
    assert os.path.exists(os.path.join(folder, "py.typed"))
    stub = open(os.path.join(folder, "_native.pyi")).read()
    for name, member in public_members(_native):
        if callable(member):
            assert f"def {name}(" in stub, name


def test_the_version_is_the_crates():
    assert alphabeta.__version__ == "0.1.0"
