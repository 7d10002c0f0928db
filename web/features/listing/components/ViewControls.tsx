import { useId, useState, type FormEvent } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuHeading } from '@headlessui/react';
import { displayName, useViewer } from '../../../lib/auth';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import type { ListingView_ViewFragment } from '../../../gql/graphql';
import { usePickerOptions } from '../../task';
import { FormField, TextInput } from '../../../ui/FormControls';
import { stateOfView, useTaskViews } from '../hooks/useTaskViews';
import type { ListingState } from '../listing-model';

interface ViewControlsProps {
  state: ListingState;
  onApply(patch: Partial<ListingState>): void;
}

/** The saved-view picker (own, public, shared), Save View, Share View, rename and delete of own views. */
export function ViewControls({ state, onApply }: ViewControlsProps) {
  const viewer = useViewer();
  const { views, createView, renameView, shareView, deleteView, creating, sharing } = useTaskViews();
  const [dialog, setDialog] = useState<null | 'save' | 'share' | 'rename' | 'delete'>(null);
  const [opened, setOpened] = useState(0);
  const open = (which: 'save' | 'share' | 'rename' | 'delete') => {
    setOpened((n) => n + 1);
    setDialog(which);
  };
  const current = views.find((v) => v.id === state.view) ?? null;
  const own = views.filter((v) => v.createdById === viewer.id);
  const shared = views.filter((v) => v.createdById !== viewer.id);
  const canManage = !!current && current.createdById === viewer.id;

  const group = (label: string, list: ListingView_ViewFragment[]) =>
    list.length > 0 && (
      <MenuSection>
        <MenuHeading className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</MenuHeading>
        {list.map((v) => (
          <MenuItem key={v.id}>
            <button
              type="button"
              onClick={() => onApply(stateOfView(v))}
              className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100"
            >
              <span className="truncate">{v.name}</span>
              {v.isPublic && <span className="text-xs text-slate-500">public</span>}
            </button>
          </MenuItem>
        ))}
      </MenuSection>
    );

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Menu>
        <MenuButton as={Button} variant="outline" size="sm" aria-label={`Saved views${current ? `: ${current.name}` : ''}`} data-testid="view-picker">
          <span className="max-w-[12rem] truncate">{current ? current.name : 'Saved views'}</span>
          <span aria-hidden="true">▾</span>
        </MenuButton>
        <MenuItems
          anchor="bottom start"
          className="z-40 mt-1 max-h-80 w-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
        >
          {views.length === 0 && <p className="px-3 py-2 text-sm text-slate-500">No saved views yet</p>}
          {group('My views', own)}
          {group('Public and shared', shared)}
          {current && (
            <MenuItem>
              <button
                type="button"
                onClick={() => onApply({ view: '' })}
                className="w-full border-t border-slate-100 px-3 py-2 text-left text-sm text-slate-500 data-focus:bg-slate-100"
              >
                Leave this view
              </button>
            </MenuItem>
          )}
        </MenuItems>
      </Menu>
      <Button variant="outline" size="sm" onClick={() => open('save')}>
        Save View
      </Button>
      {canManage && (
        <>
          <Button variant="outline" size="sm" onClick={() => open('share')}>
            Share View
          </Button>
          <Button variant="ghost" size="sm" onClick={() => open('rename')}>
            Rename
          </Button>
          <Button variant="ghost" size="sm" className="text-red-600!" onClick={() => open('delete')}>
            Delete view
          </Button>
        </>
      )}

      <NameDialog
        key={`save-${opened}`}
        open={dialog === 'save'}
        title="Save View"
        submitLabel={creating ? 'Saving...' : 'Save'}
        busy={creating}
        onClose={() => setDialog(null)}
        onSubmit={async (name) => {
          const view = await createView(name, state);
          if (view) {
            setDialog(null);
            onApply({ view: view.id });
          }
        }}
      />
      {current && (
        <NameDialog
          key={`rename-${current.id}-${opened}`}
          open={dialog === 'rename'}
          title="Rename View"
          initial={current.name}
          submitLabel="Rename"
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            if (await renameView(current.id, name)) setDialog(null);
          }}
        />
      )}
      {current && dialog === 'share' && (
        <ShareDialog
          view={current}
          busy={sharing}
          onClose={() => setDialog(null)}
          onShare={async (isPublic, ids) => (await shareView(current.id, isPublic, ids)) && setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete view"
        description={`Are you sure you want to delete the view "${current?.name ?? ''}"?`}
        onCancel={() => setDialog(null)}
        onConfirm={async () => {
          if (current && (await deleteView(current.id))) {
            setDialog(null);
            onApply({ view: '' });
          }
        }}
      />
    </div>
  );
}

function NameDialog(props: {
  open: boolean;
  title: string;
  initial?: string;
  submitLabel: string;
  busy?: boolean;
  onClose(): void;
  onSubmit(name: string): Promise<void>;
}) {
  const id = useId();
  const [name, setName] = useState(props.initial ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A saved view's name is required (trimmed), otherwise nothing happens.
    if (!name.trim()) return;
    void props.onSubmit(name.trim());
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={!name.trim() || props.busy}>
            {props.submitLabel}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit}>
        <FormField label="View name" htmlFor={`${id}-name`} hint="The current filters, columns and sort are saved with it.">
          <TextInput id={`${id}-name`} value={name} maxLength={200} autoFocus onChange={(e) => setName(e.target.value)} />
        </FormField>
      </form>
    </Dialog>
  );
}

function ShareDialog({
  view,
  busy,
  onClose,
  onShare,
}: {
  view: ListingView_ViewFragment;
  busy: boolean;
  onClose(): void;
  onShare(isPublic: boolean, ids: string[]): Promise<unknown>;
}) {
  const id = useId();
  const viewer = useViewer();
  const { people } = usePickerOptions();
  const [isPublic, setPublic] = useState(view.isPublic);
  const [chosen, setChosen] = useState<string[]>(view.sharedWith);
  const others = people.filter((u) => u.id !== viewer.id);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Share View"
      description={`Who may open "${view.name}"`}
      fullScreenOnPhone
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={busy} onClick={() => void onShare(isPublic, chosen)}>
            Share
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} className="h-4 w-4" />
          Public (everyone can open it)
        </label>
        <fieldset className="flex flex-col gap-1" aria-labelledby={`${id}-people`}>
          <legend id={`${id}-people`} className="mb-1 text-sm font-medium text-slate-700">
            Share with
          </legend>
          {others.map((u) => (
            <label key={u.id} className="flex items-center gap-2 rounded px-1 py-1 text-sm text-slate-700 hover:bg-slate-50">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={chosen.includes(u.id)}
                onChange={(e) => setChosen((list) => (e.target.checked ? [...list, u.id] : list.filter((x) => x !== u.id)))}
              />
              {displayName(u)} <span className="text-xs text-slate-500">@{u.username}</span>
            </label>
          ))}
        </fieldset>
      </div>
    </Dialog>
  );
}
