"""The Jinja templates of the site and the emails, loaded as package data."""
