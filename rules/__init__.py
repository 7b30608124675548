"""Pure club rules: no file or network I/O, exact arithmetic (int and Fraction).

Each module states one rule in club language, with a worked example in its docstring.
"""
