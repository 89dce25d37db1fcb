/** filter: the query filter bar; add, edit: a form that saves; show: read-only (every field disabled). */
export type FormMode = 'filter' | 'add' | 'edit' | 'show';
