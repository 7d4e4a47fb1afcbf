import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import { crudActions, lookupKey, selectLookup, selectResourceState } from './slice';
import { toLanguage } from './translator';
import type { Language } from '../../shared/resource-kit';
import type { CrudRootState, LookupState, ResourceState, Translate } from './types';

// Typed locally so that this folder does not depend on the application's store type.
export const useCrudSelector = useSelector.withTypes<CrudRootState>();
export const useCrudDispatch = useDispatch.withTypes<Dispatch>();

export const useResourceState = (resource: string): ResourceState =>
  useCrudSelector((state) => selectResourceState(state, resource));

/** A lookup list from the cache, asked for when missing. `enabled: false` waits (a closed dialog asks for nothing). */
export function useLookup(
  resource: string | undefined,
  method: string | undefined,
  params?: Record<string, string | number | boolean>,
  enabled = true,
): LookupState {
  const dispatch = useCrudDispatch();
  const paramsKey = JSON.stringify(params ?? {});
  const key = resource && method ? lookupKey(resource, method, params) : '';
  const state = useCrudSelector((s) => selectLookup(s, key));
  useEffect(() => {
    if (!enabled || !resource || !method) return;
    dispatch(crudActions.lookupRequested({ resource, method, params: JSON.parse(paramsKey) }));
    // The cache answers repeated asks; the key covers the parameters.
  }, [dispatch, enabled, resource, method, paramsKey, state.loaded]);
  return state;
}

/**
 * `t` plus the interface language as the shared `Language`. Interpolated values are not HTML-escaped: React escapes
 * what it renders, and record names such as “A&B” must not arrive as “A&amp;B”.
 */
export function useCrudTranslation(): { t: Translate; language: Language } {
  const { t: translate, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  return useMemo(() => {
    const t: Translate = (key, options) => translate(key, { interpolation: { escapeValue: false }, ...options });
    return { t, language };
  }, [translate, language]);
}

/**
 * A height for a table that grows with its rows (`content`, px) but stops where the window does, `below` px above its
 * bottom (the pager stays on screen), and never below `min`. The ref goes on the box whose top is measured.
 */
export function useFittingHeight(content: number, { min, below }: { min: number; below: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(600);
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setAvailable(Math.max(min, window.innerHeight - top - below));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [min, below]);
  return { ref, height: Math.min(content, available) };
}
