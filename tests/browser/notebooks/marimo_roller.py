import marimo

app = marimo.App()


@app.cell
def _():
    import venus_widgets as vw
    roller = vw.TaskRoller(dice=4, caliber="silver")
    roller
    return (roller,)


if __name__ == "__main__":
    app.run()
