"""The pages' ``num`` filter marks a number's text safe without escaping it: that is only
right while the text never holds a character HTML escapes, in either language."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st
from markupsafe import escape

from mahjong_club.site.locale import Locale
from mahjong_club.site.render import environment


def num_filter(locale: Locale, autoescape: bool = True):
    """The environment's ``num`` filter as a page calls it (it is given the render's context)."""
    env = environment(locale, autoescape)
    context = env.from_string("").new_context()
    return lambda *args: env.call_filter("num", args[0], args[1:], context=context)


numbers = st.one_of(
    st.integers(-(10**12), 10**12),
    st.fractions(max_denominator=12).map(lambda f: f * 1000),
    st.none(),
)


@given(numbers, st.booleans(), st.sampled_from(["en", "da"]))
def test_a_numbers_text_needs_no_escaping_and_is_the_locales(value, signed, language):
    locale = Locale(language)
    num = num_filter(locale)
    shown = num(value, signed)
    assert str(shown) == locale.number(value, signed)
    assert str(escape(str(shown))) == str(shown)


def test_the_text_emails_keep_plain_strings():
    num = num_filter(Locale("en"), autoescape=False)
    assert type(num(Fraction(-7, 2))) is str
