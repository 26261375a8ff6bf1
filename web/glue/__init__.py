"""The page glue, by concern (web/app.py starts it): see each module's docstring."""
