/**
 * A storyboard's film (`storyboard.film`, `makeFilm`, `cancelFilm`; docs/storyboard-film.md): a
 * domain of its own after `storyboard`, whose boards it reads, and `library`, where the film goes.
 * Closing stops a join under way (nothing of it is kept).
 */
import path from 'node:path';
import { defineModule } from '../module.js';
import { FilmMaker } from './film-maker.js';
import { FilmTable } from './film-table.js';

export const storyboardFilmModule = defineModule({
  name: 'storyboard-film',
  open({ use, ports, now, emit, log }) {
    const { current } = use('library');
    const boards = use('storyboard');
    return new FilmMaker({
      table: new FilmTable(use('db').forDomain('storyboard-film')),
      board: (id) => boards.get(id),
      item: (id) => current.current.get(id),
      resolve: (file) => current.current.resolve(file),
      add: (input) => current.current.add(input),
      workDir: path.join(ports.dataDir, 'films-in-progress'),
      now,
      log,
      told: (id, film) => emit('storyboard.onFilm', { id, film }),
    });
  },
  close: (films) => films.close(),
  handlers: ({ use }) => {
    const films = use('storyboard-film');
    return {
      'storyboard.film': (i) => films.view(i.id),
      'storyboard.makeFilm': (i) => films.make(i.id),
      'storyboard.cancelFilm': (i) => films.cancel(i.id),
    };
  },
});
